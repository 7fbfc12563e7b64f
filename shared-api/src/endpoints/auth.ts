// Through the package: the one HTTP client every area shares (this entry is bundled by each area that uses it).
import { http } from 'shared-api';
import type { RequestBody, User } from '../types';

/** `phone_number` is the country code plus number (+2348012345678); `name` is first, middle and last joined. */
export type SignupRequest = RequestBody<'/api/v1/signup', 'post'>['starlink_user'];

export interface AuthResponse {
  user: User;
  token: string;
  message?: string;
}

/** The spec does not promise a token on signup; the portal logs in when it is missing. */
export type SignupResponse = Partial<AuthResponse> & { message?: string };

export type LoginRequest = RequestBody<'/api/v1/login', 'post'>['starlink_user'];

export interface MessageResponse {
  message?: string;
}

export const authApi = {
  signup: (body: SignupRequest) =>
    http.post<SignupResponse>('/api/v1/signup', { starlink_user: body }, { skipAuth: true }).then((r) => r.data),
  login: (body: LoginRequest) =>
    http.post<AuthResponse>('/api/v1/login', { starlink_user: body }, { skipAuth: true }).then((r) => r.data),
  requestPasswordReset: (email: string) =>
    http.post<MessageResponse>('/api/v1/password_resets', { email }, { skipAuth: true }).then((r) => r.data),
  resetPassword: (token: string, password: string) =>
    http
      .put<MessageResponse>(`/api/v1/password_resets/${encodeURIComponent(token)}`, { password }, { skipAuth: true })
      .then((r) => r.data),
};
