import { amountOf, http, useSession, type Id, type KitRenewal } from 'shared-api';
import { useData, type DataResponse } from 'shared-api/data';

/** Spec section 7: one kit's renewal history, amounts as numbers whatever the server sent. */
export function getKitRenewals(kitId: Id): Promise<KitRenewal[]> {
  return http
    .get<KitRenewal[]>('/api/v1/starlink_kit_renewals/user_kit_renewals', { params: { kit_id: kitId } })
    .then((r) => (Array.isArray(r.data) ? r.data.map((renewal) => ({ ...renewal, amount: amountOf(renewal.amount) })) : []));
}

export const kitRenewalsKey = (token: string, kitId: Id) => [token, 'renewals', String(kitId)] as const;

export function useKitRenewals(kitId: Id | undefined): DataResponse<KitRenewal[]> {
  const token = useSession((s) => s.token);
  return useData(token && kitId !== undefined ? kitRenewalsKey(token, kitId) : null, ([, , id]) => getKitRenewals(id));
}
