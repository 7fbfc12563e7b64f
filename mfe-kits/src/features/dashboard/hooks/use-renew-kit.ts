import { useCallback } from 'react';
import { isApiError, outcomeUnknown, unreachableOr, type Kit } from 'shared-api';
import { kitStateRule } from 'portal-rules';
import { useMarkStale } from 'shared-api/data';
import { notify } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { ACTIVATION_FAILED, ACTIVATION_SUCCESS } from '../../home/hooks/use-activate-kit';
import { activateKit } from '../../home/api/activate-kit';
import { kitKinds } from '../api/get-kit';

export const RENEWAL_SUCCESS = 'Renewal successful!';
export const RENEWAL_FAILED = 'Failed to renew kit. Please try again.';

/**
 * Renewal is the activation call again (spec section 7); one request however many clicks. A kit never paid for is
 * activated from here too (the lifecycle's Activate), announced with activation's texts. When the answer never
 * came (or the server broke), the renewal may have gone through: the kit, its history and the balance are read
 * again, so Renew is offered only if the deadline still allows it.
 */
export function useRenewKit(options: { onInsufficientFunds: (amountDue: number) => void }) {
  const { onInsufficientFunds } = options;
  const [renewing, run] = useSingleFlight();
  const stale = useMarkStale();

  const renew = useCallback(
    async (kit: Kit) => {
      const id = kit.id;
      const activating = kitStateRule(kit.status).charge === 'activate';
      const readAgain = () => {
        void stale.kinds(kitKinds, id);
        void stale.wallet();
      };
      await run(async () => {
        try {
          await activateKit(id);
          notify.success(activating ? ACTIVATION_SUCCESS : RENEWAL_SUCCESS);
          readAgain();
        } catch (error) {
          if (isApiError(error) && error.amountDue !== undefined) onInsufficientFunds(error.amountDue);
          else {
            notify.error(unreachableOr(error, activating ? ACTIVATION_FAILED : RENEWAL_FAILED));
            if (outcomeUnknown(error)) readAgain();
          }
        }
      });
    },
    [onInsufficientFunds, run, stale],
  );

  return { renew, renewing };
}
