import { useCallback } from 'react';
import { unreachableOr, type Id } from 'shared-api';
import { notify } from 'shared-ui';
import { useSingleFlightPerKey } from 'shared-ui/single-flight';
import { updateAutoRenew } from '../api/update-auto-renew';

export const AUTO_RENEW_FAILED = 'Failed to update auto-renew settings. Please try again.';

/** Toggle auto-renew; the switch only moves once the server agreed. */
export function useAutoRenew(onChanged: (id: Id, autoRenew: boolean) => void) {
  const [savingIds, runFor] = useSingleFlightPerKey();

  const setAutoRenew = useCallback(
    async (id: Id, autoRenew: boolean) => {
      await runFor(String(id), async () => {
        try {
          await updateAutoRenew(id, autoRenew);
          onChanged(id, autoRenew);
          notify.success(autoRenew ? 'Auto-renew enabled successfully!' : 'Auto-renew disabled successfully!');
        } catch (error) {
          notify.error(unreachableOr(error, AUTO_RENEW_FAILED));
        }
      });
    },
    [onChanged, runFor],
  );

  return { setAutoRenew, savingIds };
}
