import { useCallback } from 'react';
import { sessionStore, walletApi, type Id } from 'shared-api';
import { notify, useSingleFlightPerKey } from 'shared-ui';
import { messages } from '../../../lib/messages';
import { refreshWalletEverywhere } from '../../../lib/wallet-refresh';

/** The history table's Confirm: paid=yes for one pending funding, each row guarded against double clicks. */
export function useConfirmFunding() {
  const [busyIds, runFor] = useSingleFlightPerKey();

  const confirm = useCallback(
    async (id: Id) => {
      const key = String(id);
      await runFor(key, async () => {
        try {
          await walletApi.confirmFunding(id);
          notify.success(messages.paymentConfirmed);
          // Confirmed from the table: the payment kept for the Payment Details dialog is finished too.
          if (sessionStore.getState().payment.fundingId === key) sessionStore.getState().clearPayment();
          await refreshWalletEverywhere();
        } catch {
          notify.error(messages.confirmFailed);
        }
      });
    },
    [runFor],
  );

  return { confirm, isBusy: (id: Id) => busyIds.has(String(id)) };
}
