import { http } from '../http/client';
import type { User } from '../types';
import { reads } from './reads';

export const verificationApi = {
  emailStatus: () =>
    http.get<{ email_verified: boolean }>(reads.emailStatus.url).then((r) => r.data),
  sendEmailCode: () => http.post<{ message?: string }>('/api/v1/email_confirmations').then((r) => r.data),
  confirmEmail: (code: string) =>
    http
      .put<unknown>('/api/v1/email_confirmations/confirm_user_email', undefined, { params: { code } })
      .then((r) => r.data),
  sendWhatsappCode: () => http.post<{ message?: string }>('/api/v1/whatsapp_confirmations').then((r) => r.data),
  confirmWhatsapp: (code: string) =>
    http
      .put<{ success: boolean; message?: string; user?: User }>(
        '/api/v1/whatsapp_confirmations/confirm_user_whatsapp',
        undefined,
        { params: { code } },
      )
      .then((r) => r.data),
};
