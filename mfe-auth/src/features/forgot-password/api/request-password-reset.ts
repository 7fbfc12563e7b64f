import { http } from 'shared-api';

/** Spec section 7: `{email}`, without a token. */
export function requestPasswordReset(email: string): Promise<{ message?: string }> {
  return http.post<{ message?: string }>('/api/v1/password_resets', { email }, { skipAuth: true }).then((r) => r.data);
}
