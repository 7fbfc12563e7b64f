import { http, type User } from 'shared-api';

export interface ConfirmWhatsappResponse {
  success: boolean;
  message?: string;
  user?: User;
}

/** Spec section 7: sends a new code to the customer's WhatsApp number. */
export function sendWhatsappCode(): Promise<{ message?: string }> {
  return http.post<{ message?: string }>('/api/v1/whatsapp_confirmations').then((r) => r.data);
}

/** Spec section 7: the code goes in the query, with no body. */
export function confirmWhatsapp(code: string): Promise<ConfirmWhatsappResponse> {
  return http
    .put<ConfirmWhatsappResponse>('/api/v1/whatsapp_confirmations/confirm_user_whatsapp', undefined, { params: { code } })
    .then((r) => r.data);
}
