// Through the package: the one HTTP client every area shares (this entry is bundled by each area that uses it).
import { http } from 'shared-api';
import type { User } from '../types';

export interface ProfileChangeResponse {
  message?: string;
  user?: User;
}

/** Spec section 7: every contact change sends its new value as `starlink_user_profile {profile_param}`. */
function changeRequest(path: string, value: string) {
  return http
    .put<ProfileChangeResponse>(`/api/v1/starlink_users/${path}`, { starlink_user_profile: { profile_param: value } })
    .then((r) => r.data);
}

export const profileApi = {
  changeEmail: (email: string) => changeRequest('email_change_request', email),
  changePhoneNumber: (phoneNumber: string) => changeRequest('phone_number_change_request', phoneNumber),
  changeWhatsappNumber: (whatsappNumber: string) =>
    changeRequest('whatsapp_number_change_request', whatsappNumber),
};
