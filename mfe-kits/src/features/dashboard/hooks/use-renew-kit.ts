import { useCallback } from 'react';
import { isApiError, unreachableOr, type Kit } from 'shared-api';
import { kitStateRule } from 'portal-rules';
import { notify } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import type { ChargeOutcome } from '../../charge/hooks/use-charge-confirmation';
import { useActivateKitMutation } from '../../home/api/activate-kit';
import { ACTIVATION_FAILED, ACTIVATION_SUCCESS, RENEWAL_FAILED, RENEWAL_SUCCESS } from '../../../lib/texts';

/**
 * Renewal is the activation call again (spec section 7); one request however many clicks. A kit never paid for is
 * activated from here too (the lifecycle's Activate), announced with activation's texts. The kit, its history and the
 * balance are read again by the mutation (also when the answer never came), so Renew is offered only if the deadline
 * still allows it.
 */
export function useRenewKit(options: { onInsufficientFunds: (amountDue: number) => void }) {
  const { onInsufficientFunds } = options;
  const [renewing, run] = useSingleFlight();
  const { trigger } = useActivateKitMutation();

  const renew = useCallback(
    async (kit: Kit, expectedAmount?: number): Promise<ChargeOutcome> => {
      const id = kit.id;
      const activating = kitStateRule(kit.status).charge === 'activate';
      let outcome: ChargeOutcome = 'failed';
      await run(async () => {
        try {
          await trigger({ id, expectedAmount });
          notify.success(activating ? ACTIVATION_SUCCESS : RENEWAL_SUCCESS);
          outcome = 'done';
        } catch (error) {
          if (isApiError(error) && error.status === 409 && expectedAmount !== undefined) outcome = 'price-changed';
          else if (isApiError(error) && error.amountDue !== undefined) onInsufficientFunds(error.amountDue);
          else {
            notify.error(unreachableOr(error, activating ? ACTIVATION_FAILED : RENEWAL_FAILED));
          }
        }
      });
      return outcome;
    },
    [onInsufficientFunds, run, trigger],
  );

  return { renew, renewing };
}
