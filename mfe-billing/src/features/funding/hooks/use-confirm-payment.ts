import { useCallback } from 'react';
import { sessionStore, unreachableOr } from 'shared-api';
import { useMarkStale } from 'shared-api/data';
import { notify } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { messages } from '../../../lib/messages';
import { confirmFunding } from '../api/confirm-funding';

/** "I have made the payment": tells the server, then forgets the finished payment. */
export function useConfirmPayment() {
  const [busy, run] = useSingleFlight();
  const stale = useMarkStale();

  const confirm = useCallback(
    async (fundingId: string): Promise<boolean> => {
      return (
        (await run(async () => {
          try {
            await confirmFunding(fundingId);
            notify.success(messages.paymentThanks);
            sessionStore.getState().clearPayment();
            void stale.walletAndFundings();
            return true;
          } catch (error) {
            notify.error(unreachableOr(error, messages.confirmFailed));
            return false;
          }
        })) ?? false
      );
    },
    [run, stale],
  );

  return { confirm, busy };
}
