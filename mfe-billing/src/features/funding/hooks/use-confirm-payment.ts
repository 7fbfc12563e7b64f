import { useCallback } from 'react';
import { sessionStore, walletApi } from 'shared-api';
import { notify, useSingleFlight } from 'shared-ui';
import { messages } from '../../../lib/messages';
import { refreshWalletEverywhere } from '../../../lib/wallet-refresh';

/** "I have made the payment": tells the server, then forgets the finished payment. */
export function useConfirmPayment() {
  const [busy, run] = useSingleFlight();

  const confirm = useCallback(
    async (fundingId: string): Promise<boolean> => {
      return (
        (await run(async () => {
          try {
            await walletApi.confirmFunding(fundingId);
            notify.success(messages.paymentThanks);
            sessionStore.getState().clearPayment();
            void refreshWalletEverywhere();
            return true;
          } catch {
            notify.error(messages.confirmFailed);
            return false;
          }
        })) ?? false
      );
    },
    [run],
  );

  return { confirm, busy };
}
