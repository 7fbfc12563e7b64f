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

/**
 * Spec section 7: every contact change sends its new value as `starlink_user_profile {profile_param}`. Beyond it,
 * `current_password` goes with it (the API's OpenAPI document): the reference API refuses a change without it, and a
 * server that does not know the field ignores it, so the spec's call still works there.
 */
function changeRequest(path: ChangePath, value: string, currentPassword: string): Promise<ProfileChangeResponse> {
  const body: RequestBody<ChangePath, 'put'> = { starlink_user_profile: { profile_param: value, current_password: currentPassword } };
  return http.put<ProfileChangeResponse>(path, body).then((r) => r.data);
}

export const changeEmail = (email: string, currentPassword: string) =>
  changeRequest('/api/v1/starlink_users/email_change_request', email, currentPassword);

export const changePhoneNumber = (phoneNumber: string, currentPassword: string) =>
  changeRequest('/api/v1/starlink_users/phone_number_change_request', phoneNumber, currentPassword);

export const changeWhatsappNumber = (whatsappNumber: string, currentPassword: string) =>
  changeRequest('/api/v1/starlink_users/whatsapp_number_change_request', whatsappNumber, currentPassword);
