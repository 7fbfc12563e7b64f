import { http, type RequestBody, type User } from 'shared-api';

export type LoginRequest = RequestBody<'/api/v1/login', 'post'>['starlink_user'];

export interface AuthResponse {
  user: User;
  token: string;
  message?: string;
}

/** Spec section 7: `starlink_user {email, password}`, without a token. */
export function login(body: LoginRequest): Promise<AuthResponse> {
  return http.post<AuthResponse>('/api/v1/login', { starlink_user: body }, { skipAuth: true }).then((r) => r.data);
}
