import { http, type RequestBody, type User } from 'shared-api';

type ChangePath =
  | '/api/v1/starlink_users/email_change_request'
  | '/api/v1/starlink_users/phone_number_change_request'
  | '/api/v1/starlink_users/whatsapp_number_change_request';

/** Section 7 promises neither field, so both stay optional whatever a server sends. */
export interface ProfileChangeResponse {
  message?: string;
  user?: User;
}

/** Spec section 7: every contact change sends its new value as `starlink_user_profile {profile_param}`. */
function changeRequest(path: ChangePath, value: string): Promise<ProfileChangeResponse> {
  const body: RequestBody<ChangePath, 'put'> = { starlink_user_profile: { profile_param: value } };
  return http.put<ProfileChangeResponse>(path, body).then((r) => r.data);
}

export const changeEmail = (email: string) => changeRequest('/api/v1/starlink_users/email_change_request', email);

export const changePhoneNumber = (phoneNumber: string) =>
  changeRequest('/api/v1/starlink_users/phone_number_change_request', phoneNumber);

export const changeWhatsappNumber = (whatsappNumber: string) =>
  changeRequest('/api/v1/starlink_users/whatsapp_number_change_request', whatsappNumber);
