import { http, type Id, type Kit } from 'shared-api';
import { useDataCache, useSWRMutation } from 'shared-api/data';
import { patchCachedKit } from './get-kits';

/** Spec section 7: `{id, auto_renew}` in the body. */
export function updateAutoRenew(id: Id, autoRenew: boolean): Promise<{ kit?: Kit; message?: string }> {
  return http
    .put<{ kit?: Kit; message?: string }>('/api/v1/starlink_kits/set_auto_renew', { id, auto_renew: autoRenew })
    .then((r) => r.data);
}

/** Auto-renew switched: the kit changes in the cached list once the server agreed (no second read). */
export function useAutoRenewMutation() {
  const cache = useDataCache();
  return useSWRMutation(
    ['auto-renew'],
    async (_key: unknown, { arg: { id, autoRenew } }: { arg: { id: Id; autoRenew: boolean } }) => {
      await updateAutoRenew(id, autoRenew);
      return { id, autoRenew };
    },
    { onSuccess: ({ id, autoRenew }) => void patchCachedKit(cache, id, { auto_renew: autoRenew }) },
  );
}
