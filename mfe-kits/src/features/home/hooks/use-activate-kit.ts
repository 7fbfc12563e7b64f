import { useCallback, useState } from 'react';
import { isApiError, outcomeUnknown, unreachableOr, type Id } from 'shared-api';
import { kitsApi } from 'shared-api/customer';
import { useMarkStale } from 'shared-api/data';
import { notify } from 'shared-ui';
import { useSingleFlightPerKey } from 'shared-ui/single-flight';
import { insufficientFundsCode } from '../insufficient-funds-code';

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
export function useActivateKit(onActivated: (id: Id) => void) {
  const [activatingIds, runFor] = useSingleFlightPerKey();
  const stale = useMarkStale();
  const [insufficient, setInsufficient] = useState<InsufficientFunds | null>(null);

  const activate = useCallback(
    async (id: Id) => {
      await runFor(String(id), async () => {
        // Its dialog downloads beside the call, so an answer of insufficient funds finds it there.
        insufficientFundsCode.warm();
        try {
          await kitsApi.activate(id);
          notify.success(ACTIVATION_SUCCESS);
          onActivated(id);
          void stale.wallet();
        } catch (error) {
          if (isApiError(error) && error.amountDue !== undefined) {
            const message = error.serverError ?? error.serverMessage ?? 'Insufficient wallet balance';
            try {
              await insufficientFundsCode.load();
              setInsufficient({ message, amountDue: error.amountDue });
            } catch {
              // Its dialog could not be downloaded (offline): the server's word is still shown.
              notify.error(message);
            }
          } else {
            notify.error(unreachableOr(error, ACTIVATION_FAILED));
            if (outcomeUnknown(error)) {
              void stale.kitList();
              void stale.wallet();
            }
          }
        }
      });
    },
    [onActivated, runFor, stale],
  );

  const dismissInsufficient = useCallback(() => setInsufficient(null), []);

  return { activate, activatingIds, insufficient, dismissInsufficient };
}
