import { http } from 'shared-api';

/** Spec section 7: asks the server to send a new code (email or WhatsApp); no body. */
export function requestCode(url: string): Promise<{ message?: string }> {
  return http.post<{ message?: string }>(url).then((r) => r.data);
}

/** Spec section 7: the code goes in the query, with no body. */
export function submitCode<T>(url: string, code: string): Promise<T> {
  return http.put<T>(url, undefined, { params: { code } }).then((r) => r.data);
}
