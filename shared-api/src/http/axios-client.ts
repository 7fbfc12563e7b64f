// Loaded on first use through ./client (see there): nothing here may be imported statically from elsewhere.
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { getRuntimeConfig } from '../config/runtime-config';
import { ApiError, apiErrorFromResponse } from './api-error';

/** Slow mobile networks: generous, but a dead server must not spin forever. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * What the client reads of the session, passed in by `./client` (where the session store connects itself), so this
 * module imports nothing of it.
 */
export interface HttpSession {
  token(): string | null;
  /** The API refused the stored token. */
  expire(): void;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError({ kind: 'canceled' });
  if (error instanceof AxiosError) {
    if (error.response) return apiErrorFromResponse(error.response.status, error.response.data);
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
      return new ApiError({ kind: 'timeout' });
    }
    return new ApiError({ kind: 'network' });
  }
  return new ApiError({ kind: 'network' });
}

export function createHttpClient(httpSession: () => HttpSession | undefined): AxiosInstance {
  const instance = axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    // The API takes a bearer token, never a cookie: no XSRF header, and the build leaves axios' cookie reader out.
    withXSRFToken: false,
  });

  instance.interceptors.request.use((config) => {
    // Read at call time so a redeployed config or a new login is always honoured.
    config.baseURL = getRuntimeConfig().apiBaseUrl;
    const token = httpSession()?.token();
    if (token && !config.skipAuth) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  instance.interceptors.response.use(
    (response) => response,
    (error: unknown) => {
      const apiError = toApiError(error);
      const sentAuth = error instanceof AxiosError ? error.config?.headers?.Authorization : undefined;
      const current = httpSession()?.token();
      // The spec's guard only checks local data; an expired token must not leave a customer stuck. Only the stored
      // session ends: a late 401 for an older token (a logout still in flight) must not end a newer log-in.
      if (apiError.status === 401 && sentAuth && current && sentAuth === `Bearer ${current}`) httpSession()?.expire();
      return Promise.reject(apiError);
    },
  );
  return instance;
}
