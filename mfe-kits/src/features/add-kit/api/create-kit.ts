import { http, type Kit, type RequestBody } from 'shared-api';
import { useDataCache, useSWRMutation } from 'shared-api/data';
import { kitListKinds } from '../../home/api/get-kits';

export type CreateKitRequest = RequestBody<'/api/v1/starlink_kits', 'post'>;

/** Spec section 7: the kit's fields unwrapped in the body. */
export function createKit(body: CreateKitRequest): Promise<{ kit?: Kit; message?: string }> {
  return http.post<{ kit?: Kit; message?: string }>('/api/v1/starlink_kits', body).then((r) => r.data);
}

/** Adds a kit; the kit list is read again where shown, and the other pages a search read are dropped. */
export function useCreateKitMutation() {
  const cache = useDataCache();
  return useSWRMutation(['create-kit'], (_key: unknown, { arg }: { arg: CreateKitRequest }) => createKit(arg), {
    onSuccess: () => {
      void cache.revalidate(kitListKinds.pages);
      void cache.reset(kitListKinds.others);
    },
  });
}
