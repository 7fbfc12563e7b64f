import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { isApiError, kitsApi, walletStore, type Id } from 'shared-api';

export const ACTIVATION_SUCCESS = 'Activation successful!';
export const ACTIVATION_FAILED = 'Failed to activate kit. Please try again.';

export interface InsufficientFunds {
  message: string;
  amountDue: number;
}

/**
 * Activation from the wallet. A kit already being activated is never sent twice, whatever the
 * number of clicks.
 */
export function useActivateKit(onActivated: (id: Id) => void) {
  const inFlight = useRef(new Set<string>());
  const [activatingIds, setActivatingIds] = useState<ReadonlySet<string>>(new Set());
  const [insufficient, setInsufficient] = useState<InsufficientFunds | null>(null);

  const activate = useCallback(
    async (id: Id) => {
      const key = String(id);
      if (inFlight.current.has(key)) return;
      inFlight.current.add(key);
      setActivatingIds(new Set(inFlight.current));
      try {
        await kitsApi.activate(id);
        toast.success(ACTIVATION_SUCCESS);
        onActivated(id);
        walletStore
          .getState()
          .refreshWallet()
          .catch(() => undefined);
      } catch (error) {
        if (isApiError(error) && error.amountDue !== undefined) {
          setInsufficient({
            message: error.serverError ?? error.serverMessage ?? 'Insufficient wallet balance',
            amountDue: error.amountDue,
          });
        } else {
          toast.error(ACTIVATION_FAILED);
        }
      } finally {
        inFlight.current.delete(key);
        setActivatingIds(new Set(inFlight.current));
      }
    },
    [onActivated],
  );

  const dismissInsufficient = useCallback(() => setInsufficient(null), []);

  return { activate, activatingIds, insufficient, dismissInsufficient };
}
