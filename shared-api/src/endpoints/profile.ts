import { http } from '../http/client';
import type { User } from '../types';

export interface ProfileChangeResponse {
  message?: string;
  user?: User;
}

function changeRequest(path: string, profile: Record<string, string>) {
  return http
    .put<ProfileChangeResponse>(`/api/v1/starlink_users/${path}`, { starlink_user_profile: profile })
    .then((r) => r.data);
}

export const profileApi = {
  changeEmail: (email: string) => changeRequest('email_change_request', { email }),
  changePhoneNumber: (phoneNumber: string) => changeRequest('phone_number_change_request', { phone_number: phoneNumber }),
  changeWhatsappNumber: (whatsappNumber: string) =>
    changeRequest('whatsapp_number_change_request', { whatsapp_number: whatsappNumber }),
};
