import { useCallback } from 'react';
import { sessionStore, unreachableOr } from 'shared-api';
import { notify } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { messages } from '../../../lib/texts';
import { useConfirmFundingMutation } from '../api/confirm-funding';

/** "I have made the payment": tells the server, then forgets the finished payment. */
export function useConfirmPayment() {
  const [busy, run] = useSingleFlight();
  const { trigger } = useConfirmFundingMutation();

  const confirm = useCallback(
    async (fundingId: string): Promise<boolean> => {
      return (
        (await run(async () => {
          try {
            await trigger(fundingId);
            notify.success(messages.paymentThanks);
            sessionStore.getState().clearPayment();
            return true;
          } catch (error) {
            notify.error(unreachableOr(error, messages.confirmFailed));
            return false;
          }
        })) ?? false
      );
    },
    [run, trigger],
  );

  return { confirm, busy };
}
