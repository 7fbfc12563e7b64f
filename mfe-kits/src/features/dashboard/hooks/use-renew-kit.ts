import { useCallback } from 'react';
import { isApiError, kitsApi, walletStore, type Id } from 'shared-api';
import { notify, useSingleFlight } from 'shared-ui';

export const RENEWAL_SUCCESS = 'Renewal successful!';
export const RENEWAL_FAILED = 'Failed to renew kit. Please try again.';

/** Renewal is the activation call again (spec section 7); one request however many clicks. */
export function useRenewKit(options: { onRenewed: () => void; onInsufficientFunds: (amountDue: number) => void }) {
  const { onRenewed, onInsufficientFunds } = options;
  const [renewing, run] = useSingleFlight();

  const renew = useCallback(
    async (id: Id) => {
      await run(async () => {
        try {
          await kitsApi.activate(id);
          notify.success(RENEWAL_SUCCESS);
          onRenewed();
          walletStore
            .getState()
            .refreshWallet()
            .catch(() => undefined);
        } catch (error) {
          if (isApiError(error) && error.amountDue !== undefined) onInsufficientFunds(error.amountDue);
          else notify.error(RENEWAL_FAILED);
        }
      });
    },
    [onRenewed, onInsufficientFunds, run],
  );

  return { renew, renewing };
}
