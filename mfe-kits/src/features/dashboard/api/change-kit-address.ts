import { http, type Id, type Kit, type RequestBody } from 'shared-api';

/** Spec section 7: the kit's id in the query, the new address wrapped as `starlink_kit_address`. */
export function changeKitAddress(id: Id, address: string): Promise<{ kit?: Kit; message?: string }> {
  const body: RequestBody<'/api/v1/starlink_kits/kit_address_change_request', 'put'> = { starlink_kit_address: { address } };
  return http
    .put<{ kit?: Kit; message?: string }>('/api/v1/starlink_kits/kit_address_change_request', body, { params: { id } })
    .then((r) => r.data);
}
