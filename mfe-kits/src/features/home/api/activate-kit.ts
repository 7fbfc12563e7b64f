import { http, type Id, type Kit } from 'shared-api';

export interface ActivateKitResponse {
  message?: string;
  kit?: Kit;
}

/** Spec section 7: activation and renewal are the same call, with no body. */
export function activateKit(id: Id): Promise<ActivateKitResponse> {
  return http
    .post<ActivateKitResponse>(`/api/v1/starlink_activates/${encodeURIComponent(String(id))}/activate_kit`)
    .then((r) => r.data);
}
