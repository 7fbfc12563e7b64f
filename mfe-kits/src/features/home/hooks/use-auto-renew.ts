import { useCallback } from 'react';
import { unreachableOr, type Id } from 'shared-api';
import { notify } from 'shared-ui';
import { useSingleFlightPerKey } from 'shared-ui/single-flight';
import { useAutoRenewMutation } from '../api/update-auto-renew';
import { AUTO_RENEW_DISABLED, AUTO_RENEW_ENABLED, AUTO_RENEW_FAILED } from '../../../lib/texts';


/** Toggle auto-renew; the switch only moves once the server agreed. */
export function useAutoRenew() {
  const [savingIds, runFor] = useSingleFlightPerKey();
  const { trigger } = useAutoRenewMutation();

  const setAutoRenew = useCallback(
    async (id: Id, autoRenew: boolean) => {
      await runFor(String(id), async () => {
        try {
          await trigger({ id, autoRenew });
          notify.success(autoRenew ? AUTO_RENEW_ENABLED : AUTO_RENEW_DISABLED);
        } catch (error) {
          notify.error(unreachableOr(error, AUTO_RENEW_FAILED));
        }
      });
    },
    [runFor, trigger],
  );

  return { setAutoRenew, savingIds };
}
