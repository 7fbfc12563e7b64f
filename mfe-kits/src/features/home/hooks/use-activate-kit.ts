import { useCallback, useState } from 'react';
import { isApiError, outcomeUnknown, unreachableOr, type Id, type Kit } from 'shared-api';
import { useMarkStale } from 'shared-api/data';
import { notify } from 'shared-ui';
import { useSingleFlightPerKey } from 'shared-ui/single-flight';
import { insufficientFundsCode } from '../insufficient-funds-code';
import { activateKit } from '../api/activate-kit';
import { kitListKinds } from '../api/get-kits';

export const ACTIVATION_SUCCESS = 'Activation successful!';
export const ACTIVATION_FAILED = 'Failed to activate kit. Please try again.';

export interface InsufficientFunds {
  message: string;
  amountDue: number;
}

/**
 * Activation from the wallet. A kit already being activated is never sent twice, whatever the number of clicks.
 * When the answer never came (or the server broke), the activation may have gone through: the kits and the wallet
 * are read again, so the screen does not offer a second charge on a stale state.
 */
export function useActivateKit(onActivated: (id: Id, kit?: Kit) => void) {
  const [activatingIds, runFor] = useSingleFlightPerKey();
  const stale = useMarkStale();
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
          const result = await activateKit(id);
          notify.success(ACTIVATION_SUCCESS);
          onActivated(id, result?.kit);
          void stale.wallet();
        } catch (error) {
          if (isApiError(error) && error.amountDue !== undefined) {
            await showInsufficient(error.serverError ?? error.serverMessage ?? 'Insufficient wallet balance', error.amountDue);
          } else {
            notify.error(unreachableOr(error, ACTIVATION_FAILED));
            if (outcomeUnknown(error)) {
              void stale.kinds(kitListKinds);
              void stale.wallet();
            }
          }
        }
      });
    },
    [onActivated, runFor, showInsufficient, stale],
  );

  const dismissInsufficient = useCallback(() => setInsufficient(null), []);

  return { activate, activatingIds, insufficient, dismissInsufficient, showInsufficient };
}
