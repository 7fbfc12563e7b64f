import { amountOf, http, type Id, type KitRenewal } from 'shared-api';
import { useData, type DataResponse } from 'shared-api/data';

/** Spec section 7: one kit's renewal history, amounts as numbers whatever the server sent. */
export function getKitRenewals(kitId: Id): Promise<KitRenewal[]> {
  return http
    .get<KitRenewal[]>('/api/v1/starlink_kit_renewals/user_kit_renewals', { params: { kit_id: kitId } })
    .then((r) => (Array.isArray(r.data) ? r.data.map((renewal) => ({ ...renewal, amount: amountOf(renewal.amount) })) : []));
}

export const kitRenewalsKey = (kitId: Id) => ['renewals', String(kitId)] as const;

export function useKitRenewals(kitId: Id | undefined): DataResponse<KitRenewal[]> {
  return useData(kitId !== undefined ? kitRenewalsKey(kitId) : null, ([, id]) => getKitRenewals(id));
}
