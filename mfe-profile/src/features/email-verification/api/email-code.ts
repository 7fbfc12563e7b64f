import { http } from 'shared-api';

/** Spec section 7: sends a new code to the customer's email. */
export function sendEmailCode(): Promise<{ message?: string }> {
  return http.post<{ message?: string }>('/api/v1/email_confirmations').then((r) => r.data);
}

/** Spec section 7: the code goes in the query, with no body. */
export function confirmEmail(code: string): Promise<unknown> {
  return http
    .put<unknown>('/api/v1/email_confirmations/confirm_user_email', undefined, { params: { code } })
    .then((r) => r.data);
}
