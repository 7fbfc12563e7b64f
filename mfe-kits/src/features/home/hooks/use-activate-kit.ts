import { useCallback, useState } from 'react';
import { isApiError, kitsApi, outcomeUnknown, type Id } from 'shared-api';
import { notify, useSingleFlightPerKey } from 'shared-ui';
import { refreshWalletInBackground } from '../../../lib/refresh-wallet';

export const ACTIVATION_SUCCESS = 'Activation successful!';
export const ACTIVATION_FAILED = 'Failed to activate kit. Please try again.';

export interface InsufficientFunds {
  message: string;
  amountDue: number;
}

/**
 * Activation from the wallet. A kit already being activated is never sent twice, whatever the number of clicks.
 * When the answer never came (or the server broke), the activation may have gone through: `onOutcomeUnknown`
 * reads the kits again and the wallet is refreshed, so the screen does not offer a second charge on a stale state.
 */
export function useActivateKit(onActivated: (id: Id) => void, onOutcomeUnknown: () => void) {
  const [activatingIds, runFor] = useSingleFlightPerKey();
  const [insufficient, setInsufficient] = useState<InsufficientFunds | null>(null);

  const activate = useCallback(
    async (id: Id) => {
      await runFor(String(id), async () => {
        try {
          await kitsApi.activate(id);
          notify.success(ACTIVATION_SUCCESS);
          onActivated(id);
          refreshWalletInBackground();
        } catch (error) {
          if (isApiError(error) && error.amountDue !== undefined) {
            setInsufficient({
              message: error.serverError ?? error.serverMessage ?? 'Insufficient wallet balance',
              amountDue: error.amountDue,
            });
          } else {
            notify.error(ACTIVATION_FAILED);
            if (outcomeUnknown(error)) {
              onOutcomeUnknown();
              refreshWalletInBackground();
            }
          }
        }
      });
    },
    [onActivated, onOutcomeUnknown, runFor],
  );

  const dismissInsufficient = useCallback(() => setInsufficient(null), []);

  return { activate, activatingIds, insufficient, dismissInsufficient };
}
