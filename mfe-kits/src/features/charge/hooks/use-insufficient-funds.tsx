import { useCallback, useState } from 'react';
import { notify } from 'shared-ui';
import type { FundWalletDialogControl } from '../../funding/use-fund-wallet-dialog';
import { insufficientFundsCode } from '../insufficient-funds-code';
import type { ShortOfFunds } from './use-charge-confirmation';

/**
 * The Insufficient Funds dialog of a page (/home's Activate, the kit page's Renew). It, and the amount due on it,
 * stay until Fund Account is open: if billing cannot be loaded the customer still sees what they owe.
 */
export function useInsufficientFunds(funding: FundWalletDialogControl) {
  const [short, setShort] = useState<ShortOfFunds | null>(null);
  const { openFundDialog } = funding;

  const show = useCallback(async (next: ShortOfFunds) => {
    try {
      await insufficientFundsCode.load();
      setShort(next);
    } catch {
      // Its dialog could not be downloaded (offline): the server's word is still shown.
      notify.error(next.message);
    }
  }, []);

  const dismiss = useCallback(() => setShort(null), []);
  const fund = useCallback(
    async (amountDue: number) => {
      if (await openFundDialog(amountDue)) setShort(null);
    },
    [openFundDialog],
  );

  const Dialog = insufficientFundsCode.current()?.InsufficientFundsDialog;
  const dialog =
    short && Dialog ? (
      <Dialog
        open
        message={short.message}
        amountDue={short.amountDue}
        quote={short.quote}
        onFund={() => void fund(short.amountDue)}
        fundBusy={funding.loading}
        onCancel={dismiss}
      />
    ) : null;

  return { show, dismiss, dialog, shown: short !== null };
}
