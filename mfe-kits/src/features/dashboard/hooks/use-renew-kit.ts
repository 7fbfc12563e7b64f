import { useCallback } from 'react';
import { isApiError, kitsApi, outcomeUnknown, type Id } from 'shared-api';
import { notify, useSingleFlight } from 'shared-ui';
import { refreshWalletInBackground } from '../../../lib/refresh-wallet';

export const RENEWAL_SUCCESS = 'Renewal successful!';
export const RENEWAL_FAILED = 'Failed to renew kit. Please try again.';

/**
 * Renewal is the activation call again (spec section 7); one request however many clicks. When the answer never
 * came (or the server broke), the renewal may have gone through: the kit and its history are read again (through
 * `onRenewed`), so Renew is offered only if the deadline still allows it.
 */
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
          refreshWalletInBackground();
        } catch (error) {
          if (isApiError(error) && error.amountDue !== undefined) onInsufficientFunds(error.amountDue);
          else {
            notify.error(RENEWAL_FAILED);
            if (outcomeUnknown(error)) {
              onRenewed();
              refreshWalletInBackground();
            }
          }
        }
      });
    },
    [onRenewed, onInsufficientFunds, run],
  );

  return { renew, renewing };
}
