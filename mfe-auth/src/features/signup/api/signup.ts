import { http, type RequestBody } from 'shared-api';
import type { AuthResponse } from '../../login/api/login';

/** `phone_number` is the country code plus number (+2348012345678); `name` is first, middle and last joined. */
export type SignupRequest = RequestBody<'/api/v1/signup', 'post'>['starlink_user'];

/** The spec does not promise a token on signup; the portal logs in when it is missing. */
export type SignupResponse = Partial<AuthResponse> & { message?: string };

/** Spec section 7: the new customer wrapped as `starlink_user`, without a token. */
export function signup(body: SignupRequest): Promise<SignupResponse> {
  return http.post<SignupResponse>('/api/v1/signup', { starlink_user: body }, { skipAuth: true }).then((r) => r.data);
}
