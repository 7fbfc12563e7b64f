import { useCallback } from 'react';
import { isApiError, unreachableOr, type Id } from 'shared-api';
import { notify } from 'shared-ui';
import { useSingleFlightPerKey } from 'shared-ui/single-flight';
import type { ChargeOutcome, ShortOfFunds } from '../../charge/hooks/use-charge-confirmation';
import { insufficientFundsCode } from '../../charge/insufficient-funds-code';
import { useActivateKitMutation } from '../api/activate-kit';
import { ACTIVATION_SUCCESS, ACTIVATION_FAILED } from '../../../lib/texts';

/**
 * Activation from the wallet, announced (the cache follows in `useActivateKitMutation`). A kit already being
 * activated is never sent twice, whatever the number of clicks. A refusal for want of funds goes to `onShort`.
 */
export function useActivateKit({ onShort }: { onShort: (short: ShortOfFunds) => void }) {
  const [activatingIds, runFor] = useSingleFlightPerKey();
  const { trigger } = useActivateKitMutation();

  const activate = useCallback(
    async (id: Id, expectedAmount?: number): Promise<ChargeOutcome> => {
      let outcome: ChargeOutcome = 'failed';
      await runFor(String(id), async () => {
        // Its dialog downloads beside the call, so an answer of insufficient funds finds it there.
        insufficientFundsCode.warm();
        try {
          await trigger({ id, expectedAmount });
          notify.success(ACTIVATION_SUCCESS);
          outcome = 'done';
        } catch (error) {
          if (isApiError(error) && error.status === 409 && expectedAmount !== undefined) outcome = 'price-changed';
          else if (isApiError(error) && error.amountDue !== undefined) {
            onShort({ message: error.serverError ?? error.serverMessage ?? 'Insufficient wallet balance', amountDue: error.amountDue, quote: null });
          } else {
            notify.error(unreachableOr(error, ACTIVATION_FAILED));
          }
        }
      });
      return outcome;
    },
    [onShort, runFor, trigger],
  );

  return { activate, activatingIds };
}
