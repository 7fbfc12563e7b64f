import { http } from '../http/client';
import type { User } from '../types';

export interface SignupRequest {
  email: string;
  password: string;
  confirm_password: string;
  /** Country code plus number, e.g. +2348012345678. */
  phone_number: string;
  /** First, middle and last joined. */
  name: string;
  whatsapp_number: string;
}

export interface AuthResponse {
  user: User;
  token: string;
  message?: string;
}

/** The spec does not promise a token on signup; the portal logs in when it is missing. */
export type SignupResponse = Partial<AuthResponse> & { message?: string };

export interface LoginRequest {
  email: string;
  password: string;
}

export interface MessageResponse {
  message?: string;
}

/** Logging out never waits on a slow or silent server for long. */
export const LOGOUT_TIMEOUT_MS = 5000;

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
  /**
   * Not in spec section 7: asks the server to end the session of `token` (passed explicitly, as the caller may
   * clear the stored session before the request goes out). A server without the route answers 404; callers log
   * out locally whatever the answer.
   */
  logout: (token: string) =>
    http
      .post<MessageResponse>('/api/v1/logout', undefined, {
        skipAuth: true,
        headers: { Authorization: `Bearer ${token}` },
        timeout: LOGOUT_TIMEOUT_MS,
      })
      .then((r) => r.data),
};
