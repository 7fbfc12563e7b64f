import { http, type Kit, type RequestBody } from 'shared-api';

export type CreateKitRequest = RequestBody<'/api/v1/starlink_kits', 'post'>;

/** Spec section 7: the kit's fields unwrapped in the body. */
export function createKit(body: CreateKitRequest): Promise<{ kit?: Kit; message?: string }> {
  return http.post<{ kit?: Kit; message?: string }>('/api/v1/starlink_kits', body).then((r) => r.data);
}
