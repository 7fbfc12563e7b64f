import { http, type Id, type Kit, type RequestBody } from 'shared-api';
import { useDataCache, useSWRMutation } from 'shared-api/data';
import { patchCachedKit } from '../../home/api/get-kits';

/** Spec section 7: the kit's id in the query, the new address wrapped as `starlink_kit_address`. */
export function changeKitAddress(id: Id, address: string): Promise<{ kit?: Kit; message?: string }> {
  const body: RequestBody<'/api/v1/starlink_kits/kit_address_change_request', 'put'> = { starlink_kit_address: { address } };
  return http
    .put<{ kit?: Kit; message?: string }>('/api/v1/starlink_kits/kit_address_change_request', body, { params: { id } })
    .then((r) => r.data);
}

/** A new address: the kit the answer carries (or the address sent) replaces it in the cache, without a second read. */
export function useChangeKitAddressMutation() {
  const cache = useDataCache();
  return useSWRMutation(
    ['kit-address'],
    async (_key: unknown, { arg: { id, address } }: { arg: { id: Id; address: string } }) => {
      const { kit } = await changeKitAddress(id, address);
      return { id, patch: kit && typeof kit === 'object' ? { ...kit } : { address } };
    },
    {
      onSuccess: ({ id, patch }) => {
        void cache.update(['kit'], (kit?: Kit) => kit && { ...kit, ...patch }, id);
        void patchCachedKit(cache, id, patch);
      },
    },
  );
}
