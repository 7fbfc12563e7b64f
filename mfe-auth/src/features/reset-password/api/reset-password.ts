import { http } from 'shared-api';

/** Spec section 7: the emailed token in the path, `{password}` in the body, without a session token. */
export function resetPassword(token: string, password: string): Promise<{ message?: string }> {
  return http
    .put<{ message?: string }>(`/api/v1/password_resets/${encodeURIComponent(token)}`, { password }, { skipAuth: true })
    .then((r) => r.data);
}
