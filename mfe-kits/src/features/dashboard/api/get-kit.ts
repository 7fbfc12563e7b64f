import { http, type Id, type Kit } from 'shared-api';
import { useData, type DataResponse } from 'shared-api/data';

/** The kinds of cache key one kit's page reads (this file and `get-kit-renewals.ts`): what a change to it marks. */
export const kitKinds = ['kit', 'renewals'] as const;

/** The entity under `kit` (as section 7 says), or the answer itself when a server sends the bare kit. */
function kitOf(data: unknown): Kit {
  const wrapped = data && typeof data === 'object' ? (data as { kit?: unknown }).kit : undefined;
  const kit = (wrapped && typeof wrapped === 'object' ? wrapped : data) as Kit | null | undefined;
  if (!kit || typeof kit !== 'object' || kit.id === undefined || kit.id === null) throw new Error('No kit in the answer');
  return kit;
}

/** Spec section 7: one kit by id (the answer "has kit"). */
export function getKit(id: Id): Promise<{ kit: Kit }> {
  return http.get<unknown>(`/api/v1/starlink_kits/${encodeURIComponent(String(id))}`).then((r) => ({ kit: kitOf(r.data) }));
}

export const kitKey = (id: Id) => ['kit', String(id)] as const;

export function useKit(kitId: Id | undefined): DataResponse<Kit> {
  return useData(kitId !== undefined ? kitKey(kitId) : null, async ([, id]) => (await getKit(id)).kit);
}
