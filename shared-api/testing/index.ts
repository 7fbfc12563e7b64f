/**
 * Test helpers for every package: the HTTP layer mocked with msw, unhandled requests failing the test.
 * Not part of the runtime barrel, so it never reaches a bundle.
 */
import { http as mswHttp, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { cleanup } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { FreshDataCacheProvider } from '../src/data/cache';
import { defaultRuntimeConfig, setRuntimeConfig } from '../src/config/runtime-config';
import { sessionStore } from '../src/session/session-store';
import { resetServiceReach } from '../src/http/client';
import { resetEmailStatus } from '../src/verification/email-status-store';
import type { User } from '../src/types';

export { HttpResponse, mswHttp as rest };
export const server = setupServer();

export const API = defaultRuntimeConfig.apiBaseUrl;
export const apiUrl = (path: string) => `${API}${path}`;

export function setupMswServer(): void {
  // msw's 'error' strategy only logs and fails the request; the component may swallow that failure, so the test
  // would still pass. Collected here, an unhandled request fails the test that made it.
  const unhandled: string[] = [];
  beforeAll(() => {
    setRuntimeConfig(defaultRuntimeConfig);
    server.listen({
      onUnhandledRequest: (request, print) => {
        unhandled.push(`${request.method} ${request.url}`);
        print.error();
      },
    });
  });
  afterEach(() => {
    // Unmount first: logging out under mounted components would update them outside act().
    cleanup();
    toast.remove();
    server.resetHandlers();
    sessionStore.getState().logout();
    // A service found down in one test is not down in the next (and no probe of it outlives the test).
    resetServiceReach();
    // As a fresh page load would: each test asks for the email status itself, instead of inheriting an answer.
    resetEmailStatus();
    const requests = unhandled.splice(0);
    if (requests.length > 0) {
      throw new Error(`The test made requests no handler answers:\n  ${requests.join('\n  ')}`);
    }
  });
  afterAll(() => server.close());
}

/**
 * Wrap what a test renders: its own data cache, so no answer (or shared request) of an earlier test is seen.
 * `retryAfterMs`: the first automatic retry of a read that could not reach the service waits this long (5 s otherwise).
 */
export function FreshDataCache({ children, retryAfterMs }: { children?: ReactNode; retryAfterMs?: number }) {
  return createElement(FreshDataCacheProvider, { retryAfterMs }, children);
}

/** A `wrapper` for `render`: a FreshDataCache whose first automatic retry waits `retryAfterMs` (5 s when absent). */
export function freshDataCacheWith(retryAfterMs?: number) {
  return function RetryingDataCache({ children }: { children: ReactNode }) {
    return createElement(FreshDataCache, { retryAfterMs }, children);
  };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/**
 * Answer `method path` with `response` and record every request it receives, so tests can assert
 * the exact URL, query and body a user action sent.
 */
export function handle(
  method: Method,
  path: string,
  response: JsonBodyType | ((request: RecordedRequest) => Response | Promise<Response>) = {},
  init: { status?: number; delayMs?: number } = {},
): RecordedRequest[] {
  const calls: RecordedRequest[] = [];
  server.use(
    mswHttp[method](apiUrl(path), async ({ request }) => {
      const text = await request.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: keep the raw text.
      }
      const recorded = { method: request.method, url: new URL(request.url), body, headers: request.headers };
      calls.push(recorded);
      if (init.delayMs) await new Promise((resolve) => setTimeout(resolve, init.delayMs));
      if (typeof response === 'function') return response(recorded);
      return HttpResponse.json(response, { status: init.status ?? 200 });
    }),
  );
  return calls;
}

export const demoUser: User = {
  id: 1,
  name: 'Ada Demo Okafor',
  email: 'demo@example.com',
  phone_number: '+2348012345678',
  whatsapp_number: '+2348012345678',
  whatsapp_verified: false,
  email_verified: true,
  created_at: '2026-03-03T10:00:00.000Z',
};

/** Start a test as a signed-in customer. */
export function signInAs(user: User = demoUser, token = 'test-token'): void {
  sessionStore.getState().signIn(token, user);
}

/** One call of spec section 7 as an area's api sends it: method, path, query, body and whether the token goes out. */
export interface SpecCall {
  name: string;
  method: 'get' | 'post' | 'put';
  path: string;
  call: () => Promise<unknown>;
  query?: Record<string, string>;
  body?: unknown;
  auth: boolean;
  response?: unknown;
}

/** Makes `call` as a signed-in customer (token `tok`) and checks that exactly the request section 7 names went out. */
export async function expectSpecCall({ method, path, call, query, body, auth, response }: SpecCall): Promise<void> {
  signInAs(undefined, 'tok');
  const calls = handle(method, path, (response ?? {}) as JsonBodyType);
  await call();
  expect(calls).toHaveLength(1);
  const [request] = calls;
  expect(request?.method).toBe(method.toUpperCase());
  expect(Object.fromEntries(request!.url.searchParams)).toEqual(query ?? {});
  expect(request?.body).toEqual(body);
  expect(request?.headers.get('authorization')).toBe(auth ? 'Bearer tok' : null);
}
