import { http } from 'shared-api';

/** Spec section 7: whether a kit number is already registered. */
export function checkKitNumber(kitNumber: string): Promise<{ exists: boolean }> {
  return http
    .get<{ exists: boolean }>('/api/v1/starlink_kits/check_kit_number', { params: { kit_number: kitNumber } })
    .then((r) => r.data);
}
