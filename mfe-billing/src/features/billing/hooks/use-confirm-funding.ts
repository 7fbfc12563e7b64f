import { useCallback } from 'react';
import { sessionStore, unreachableOr, type Id } from 'shared-api';
import { notify } from 'shared-ui';
import { useSingleFlightPerKey } from 'shared-ui/single-flight';
import { messages } from '../../../lib/texts';
import { useConfirmFundingMutation } from '../../funding/api/confirm-funding';

/** The history table's Confirm: paid=yes for one pending funding, each row guarded against double clicks. */
export function useConfirmFunding() {
  const [busyIds, runFor] = useSingleFlightPerKey();
  const { trigger } = useConfirmFundingMutation();

  const confirm = useCallback(
    async (id: Id) => {
      const key = String(id);
      await runFor(key, async () => {
        try {
          await trigger(id);
          notify.success(messages.paymentConfirmed);
          // Confirmed from the table: the payment kept for the Payment Details dialog is finished too.
          if (sessionStore.getState().payment.fundingId === key) sessionStore.getState().clearPayment();
        } catch (error) {
          notify.error(unreachableOr(error, messages.confirmFailed));
        }
      });
    },
    [runFor, trigger],
  );

  return { confirm, isBusy: (id: Id) => busyIds.has(String(id)) };
}
