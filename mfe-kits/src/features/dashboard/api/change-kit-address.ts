import { http, type Id, type Kit, type RequestBody } from 'shared-api';
import { useKitChangeMutation } from '../../home/api/get-kits';

/** Spec section 7: the kit's id in the query, the new address wrapped as `starlink_kit_address`. */
export function changeKitAddress(id: Id, address: string): Promise<{ kit?: Kit; message?: string }> {
  const body: RequestBody<'/api/v1/starlink_kits/kit_address_change_request', 'put'> = { starlink_kit_address: { address } };
  return http
    .put<{ kit?: Kit; message?: string }>('/api/v1/starlink_kits/kit_address_change_request', body, { params: { id } })
    .then((r) => r.data);
}

/** A new address: the kit the answer carries (or the address sent) replaces it in the cache, without a second read. */
export const useChangeKitAddressMutation = () =>
  useKitChangeMutation('kit-address', async ({ id, address }: { id: Id; address: string }) => {
    const { kit } = await changeKitAddress(id, address);
    return kit && typeof kit === 'object' ? { ...kit } : { address };
  });
