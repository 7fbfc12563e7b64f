import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { ApiError, isApiError } from './api-error';
import { reportServiceReached, serviceKnownDown } from '../network/service-reach';
import type { HttpSession } from './axios-client';
import { firstUse } from '../lib/first-use';
import { getRuntimeConfig } from '../config/runtime-config';

// Here, beside `http`, so every area calling the client through `shared-api` sees the option.
declare module 'axios' {
  interface AxiosRequestConfig {
    /** Calls the spec does not mark (auth) go out without the bearer token. */
    skipAuth?: boolean;
  }
}

/**
 * The session store connects itself (session/session-store.ts) rather than being imported, so the client's chunk
 * needs no zustand and a page's first calls can leave before the rest of the start-up code has arrived (`readEarly`).
 */
let session: HttpSession | undefined;

export function connectHttpSession(link: HttpSession): void {
  session = link;
}

/**
 * The axios instance, created on first use. axios is about a fifth of the JavaScript a first visit to /login would
 * otherwise download before the form shows, and no screen needs it until its first call; `warmHttpClient` starts
 * the download early where a call is near (a stored session, a customer starting to type). A chunk that failed to
 * load (offline, server down) is retried by the next call, and reads as a network error.
 */
const client = firstUse(() =>
  import(/* webpackChunkName: "http-client" */ './axios-client').then(
    (m) => m.createHttpClient(() => session),
    () => Promise.reject(new ApiError({ kind: 'network' })),
  ),
);

export const loadHttpClient = (): Promise<AxiosInstance> => client.load();

/** Starts loading the client without waiting for it; a failure is reported by the call that needs it. */
export const warmHttpClient = (): void => client.warm();

/** How long after it arrived an early answer may still stand in for the page's own call. */
export const EARLY_READ_MAX_AGE_MS = 10_000;

interface EarlyRead {
  answer: Promise<AxiosResponse>;
  arrivedAt?: number;
}

const earlyReads = new Map<string, EarlyRead>();
/** Set while `readEarly` runs its reads: the GETs they make are started as early reads for this token. */
let earlyToken: string | undefined;

const earlyKey = (url: string, params: unknown, token: string) => JSON.stringify([url, params ?? null, token]);

/**
 * Makes the GETs of `reads` (endpoint calls, e.g. `() => [walletApi.get()]`) now, with `token`, for a screen about to
 * ask for them: a page's first calls then travel while the rest of its code downloads. The first `http.get` of the
 * same URL and query under the same token takes the answer, once, if it arrived at most EARLY_READ_MAX_AGE_MS ago;
 * if the early read failed, that call goes out itself, so its error (a refused token, a timeout) is handled and
 * shown as any call's.
 */
export function readEarly(token: string, reads: () => Promise<unknown>[]): void {
  earlyToken = token;
  try {
    for (const read of reads()) read.catch(() => undefined);
  } finally {
    earlyToken = undefined;
  }
}

function startEarlyRead(url: string, params: unknown, token: string): Promise<AxiosResponse> {
  const key = earlyKey(url, params, token);
  const started = earlyReads.get(key);
  if (started) return started.answer;
  const read: EarlyRead = { answer: fetchEarly(url, params, token) };
  earlyReads.set(key, read);
  const forget = () => {
    if (earlyReads.get(key) === read) earlyReads.delete(key);
  };
  read.answer.then(() => {
    read.arrivedAt = Date.now();
    setTimeout(forget, EARLY_READ_MAX_AGE_MS);
  }, forget);
  return read.answer;
}

/**
 * An early read by `fetch`, not axios: the first screen's calls leave as soon as the entry runs and need none of the
 * client's 21 kB, which then loads off the first screen's path (on the customer's first touch, or in idle time). Only
 * a 2xx answer stands in for the page's call (as axios reads it: JSON, else the text); a 401 for the stored token ends
 * the session as the client's own calls do, and any other failure leaves the page's call to go out itself.
 */
function fetchEarly(url: string, params: unknown, token: string): Promise<AxiosResponse> {
  const query = new URLSearchParams(params as Record<string, string> | undefined).toString();
  const href = `${getRuntimeConfig().apiBaseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
  return fetch(href, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } }).then(async (response) => {
    if (response.status === 401 && session?.token() === token) session.expire();
    if (!response.ok) throw new Error(`${response.status}`);
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: the text, as axios gives it.
    }
    const headers = Object.fromEntries(response.headers);
    return { data, status: response.status, statusText: response.statusText, headers, config: { headers } } as AxiosResponse;
  });
}

/** The early answer a plain GET (no options but its query) may use instead of going out; taken once. */
function takeEarlyRead(url: string, config: AxiosRequestConfig | undefined): Promise<AxiosResponse> | undefined {
  const { params, ...options } = config ?? {};
  const token = session?.token();
  if (!token || Object.values(options).some((value) => value !== undefined)) return undefined;
  const key = earlyKey(url, params, token);
  const read = earlyReads.get(key);
  if (!read) return undefined;
  earlyReads.delete(key);
  if (read.arrivedAt !== undefined && Date.now() - read.arrivedAt > EARLY_READ_MAX_AGE_MS) return undefined;
  return read.answer;
}

type Read = <T = unknown>(url: string, config?: AxiosRequestConfig) => Promise<AxiosResponse<T>>;
type Write = <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) => Promise<AxiosResponse<T>>;

export interface HttpClient {
  get: Read;
  delete: Read;
  post: Write;
  put: Write;
}

/** A call that costs the API nothing and answers whoever asks (401 without a token): any answer means it is reached. */
export const PROBE_PATH = '/api/v1/starlink_user_wallet';
/** The first wait before asking whether a service found down is back; doubled each time, at most PROBE_MAX_MS. */
export const PROBE_FIRST_MS = 5_000;
const PROBE_MAX_MS = 60_000;
let probeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * While the service is down, asks it again now and then (visible tab, browser online), so what was disabled for it
 * (payments) comes back even on a screen that reads nothing by itself.
 */
function probeUntilReached(wait = PROBE_FIRST_MS) {
  if (probeTimer !== undefined) return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    if (!serviceKnownDown()) return;
    if (document.visibilityState === 'hidden' || navigator.onLine === false) return probeUntilReached(wait);
    void observed(loadHttpClient().then((c) => c.get(PROBE_PATH, { skipAuth: true }))).then(
      () => undefined,
      () => probeUntilReached(Math.min(wait * 2, PROBE_MAX_MS)),
    );
  }, wait);
}

/** Forgets that the service was found down (a test's clean slate). */
export function resetServiceReach(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  reportServiceReached(true);
}

/** Reports a call's outcome to the network status (`useReachable`), passing the answer or the error on unchanged. */
function observed<T>(call: Promise<T>): Promise<T> {
  return call.then(
    (answer) => {
      reportServiceReached(true);
      return answer;
    },
    (error: unknown) => {
      if (isApiError(error) && error.kind !== 'canceled') {
        reportServiceReached(!error.unreachable);
        if (serviceKnownDown()) probeUntilReached();
      }
      throw error;
    },
  );
}

/** The one client every endpoint file uses: the same calls as an axios instance, each waiting for it first. */
export const http: HttpClient = {
  get: <T>(url: string, config?: AxiosRequestConfig) => {
    if (earlyToken !== undefined) return startEarlyRead(url, config?.params, earlyToken) as Promise<AxiosResponse<T>>;
    const go = () => loadHttpClient().then((c) => c.get<T>(url, config));
    const early = takeEarlyRead(url, config) as Promise<AxiosResponse<T>> | undefined;
    return observed(early ? early.catch(go) : go());
  },
  delete: (url, config) => observed(loadHttpClient().then((c) => c.delete(url, config))),
  post: (url, data, config) => observed(loadHttpClient().then((c) => c.post(url, data, config))),
  put: (url, data, config) => observed(loadHttpClient().then((c) => c.put(url, data, config))),
};
