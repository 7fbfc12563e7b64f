import { http } from 'shared-api';

/** Logging out never waits on a slow or silent server for long. */
export const LOGOUT_TIMEOUT_MS = 5000;

/**
 * Not in spec section 7: asks the server to end the session of `token` (passed explicitly, as the caller clears the
 * stored session before the request goes out). A server without the route answers 404; callers log out locally
 * whatever the answer.
 */
export function logout(token: string): Promise<{ message?: string }> {
  return http
    .post<{ message?: string }>('/api/v1/logout', undefined, {
      skipAuth: true,
      headers: { Authorization: `Bearer ${token}` },
      timeout: LOGOUT_TIMEOUT_MS,
    })
    .then((r) => r.data);
}
