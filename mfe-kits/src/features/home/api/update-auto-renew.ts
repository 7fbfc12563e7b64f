import { http, type Id, type Kit } from 'shared-api';
import { useKitChangeMutation } from './get-kits';

/** Spec section 7: `{id, auto_renew}` in the body. */
export function updateAutoRenew(id: Id, autoRenew: boolean): Promise<{ kit?: Kit; message?: string }> {
  return http
    .put<{ kit?: Kit; message?: string }>('/api/v1/starlink_kits/set_auto_renew', { id, auto_renew: autoRenew })
    .then((r) => r.data);
}

/** Auto-renew switched: the kit changes in the cache once the server agreed (no second read). */
export const useAutoRenewMutation = () =>
  useKitChangeMutation('auto-renew', async ({ id, autoRenew }: { id: Id; autoRenew: boolean }) => {
    await updateAutoRenew(id, autoRenew);
    return { auto_renew: autoRenew };
  });
