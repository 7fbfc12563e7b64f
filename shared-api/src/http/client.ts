import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { ApiError } from './api-error';

/** Slow mobile networks: generous, but a dead server must not spin forever. */
export const REQUEST_TIMEOUT_MS = 30_000;

let instance: Promise<AxiosInstance> | undefined;

/**
 * The axios instance, created on first use. axios is about a fifth of the JavaScript a first visit to /login would
 * otherwise download before the form shows, and no screen needs it until its first call; `warmHttpClient` starts
 * the download early where a call is near (a stored session, a customer starting to type).
 */
export function loadHttpClient(): Promise<AxiosInstance> {
  instance ??= import(/* webpackChunkName: "http-client" */ './axios-client').then(
    (m) => m.createHttpClient(),
    () => {
      // A chunk that failed to load (offline, server down) is retried by the next call, and reads as a network error.
      instance = undefined;
      throw new ApiError({ kind: 'network' });
    },
  );
  return instance;
}

/** Starts loading the client without waiting for it; a failure is reported by the call that needs it. */
export function warmHttpClient(): void {
  loadHttpClient().catch(() => undefined);
}

type Read = <T = unknown>(url: string, config?: AxiosRequestConfig) => Promise<AxiosResponse<T>>;
type Write = <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) => Promise<AxiosResponse<T>>;

export interface HttpClient {
  get: Read;
  delete: Read;
  post: Write;
  put: Write;
}

/** The one client every endpoint file uses: the same calls as an axios instance, each waiting for it first. */
export const http: HttpClient = {
  get: (url, config) => loadHttpClient().then((c) => c.get(url, config)),
  delete: (url, config) => loadHttpClient().then((c) => c.delete(url, config)),
  post: (url, data, config) => loadHttpClient().then((c) => c.post(url, data, config)),
  put: (url, data, config) => loadHttpClient().then((c) => c.put(url, data, config)),
};
