import { useCallback, useState } from 'react';
import { isApiError, unreachableOr, type Id } from 'shared-api';
import { notify } from 'shared-ui';
import { useSingleFlightPerKey } from 'shared-ui/single-flight';
import { insufficientFundsCode } from '../insufficient-funds-code';
import { useActivateKitMutation } from '../api/activate-kit';
import { ACTIVATION_SUCCESS, ACTIVATION_FAILED } from '../../../lib/texts';


export interface InsufficientFunds {
  message: string;
  amountDue: number;
}

/**
 * Activation from the wallet, announced (the cache follows in `useActivateKitMutation`). A kit already being
 * activated is never sent twice, whatever the number of clicks.
 */
export function useActivateKit() {
  const [activatingIds, runFor] = useSingleFlightPerKey();
  const { trigger } = useActivateKitMutation();
  const [insufficient, setInsufficient] = useState<InsufficientFunds | null>(null);

  /** The spec's Insufficient Funds dialog, with the server's words: from a refused activation or a price quote. */
  const showInsufficient = useCallback(async (message: string, amountDue: number) => {
    try {
      await insufficientFundsCode.load();
      setInsufficient({ message, amountDue });
    } catch {
      // Its dialog could not be downloaded (offline): the server's word is still shown.
      notify.error(message);
    }
  }, []);

  const activate = useCallback(
    async (id: Id) => {
      await runFor(String(id), async () => {
        // Its dialog downloads beside the call, so an answer of insufficient funds finds it there.
        insufficientFundsCode.warm();
        try {
          await trigger(id);
          notify.success(ACTIVATION_SUCCESS);
        } catch (error) {
          if (isApiError(error) && error.amountDue !== undefined) {
            await showInsufficient(error.serverError ?? error.serverMessage ?? 'Insufficient wallet balance', error.amountDue);
          } else {
            notify.error(unreachableOr(error, ACTIVATION_FAILED));
          }
        }
      });
    },
    [runFor, showInsufficient, trigger],
  );

  const dismissInsufficient = useCallback(() => setInsufficient(null), []);

  return { activate, activatingIds, insufficient, dismissInsufficient, showInsufficient };
}
