/**
 * @jest-environment jest-fixed-jsdom
 */
import { loadAxios } from './axios-lib';

// The portal's calls made through axios itself and through the portal's subset of it (webpack-config/axios-subset.js),
// both loaded from axios' sources as a browser build bundles them, set up as shared-api's client sets up its instance:
// each call must reach XMLHttpRequest the same way and come back (answer or error) with the same parts.

type Answer = { status: number; body?: string; headers?: string } | 'network' | 'timeout';
type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown; timeout: number };

let answer: Answer = { status: 200 };
let sent: Sent[] = [];

/** What the adapter does with a browser's XMLHttpRequest, answered as `answer` says. */
class FakeXhr {
  onloadend: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  ontimeout: (() => void) | null = null;
  timeout = 0;
  withCredentials = false;
  responseType = '';
  readyState = 0;
  status = 0;
  statusText = '';
  responseText = '';
  responseURL = '';
  private record: Sent = { method: '', url: '', headers: {}, body: undefined, timeout: 0 };
  private headers = '';
  private aborted = false;

  open(method: string, url: string) {
    this.record = { ...this.record, method, url };
  }
  setRequestHeader(name: string, value: string) {
    this.record.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.headers;
  }
  addEventListener() {}
  removeEventListener() {}
  abort() {
    this.aborted = true;
  }
  send(body: unknown) {
    sent.push({ ...this.record, body, timeout: this.timeout });
    const reply = answer;
    setTimeout(() => {
      if (this.aborted) return;
      if (reply === 'network') return this.onerror?.(new Event('error'));
      if (reply === 'timeout') return this.ontimeout?.();
      Object.assign(this, { readyState: 4, status: reply.status, responseText: reply.body ?? '' });
      this.headers = reply.headers ?? '';
      this.onloadend?.();
    }, 0);
  }
}

type Config = Record<string, unknown> & { headers: { set(name: string, value: string): void }; skipAuth?: boolean };
type Instance = Record<'get' | 'delete', (url: string, config?: object) => Promise<Response>> &
  Record<'post' | 'put', (url: string, data?: unknown, config?: object) => Promise<Response>> & {
    interceptors: Record<
      'request' | 'response',
      { use(ok: (v: never) => unknown, fail?: (e: never) => unknown): void }
    >;
  };
type Response = { status: number; data: unknown; headers: { toJSON(): object } };
type Axios = { create(config: object): Instance; isCancel(value: unknown): boolean };

/** An instance set up as shared-api/src/http/axios-client.ts sets up the portal's. */
function portalClient(axios: Axios, token: string | null): Instance {
  const instance = axios.create({
    timeout: 30_000,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    withXSRFToken: false,
  });
  instance.interceptors.request.use((config: Config) => {
    config.baseURL = 'https://api.example.ng';
    if (token && !config.skipAuth) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  instance.interceptors.response.use(
    (response: Response) => response,
    (error: never) => Promise.reject(error),
  );
  return instance;
}

/** What a caller and the client's error mapping read of an outcome. */
async function outcome(axios: Axios, call: Promise<Response>) {
  try {
    const response = await call;
    return { status: response.status, data: response.data, headers: response.headers.toJSON() };
  } catch (e) {
    const error = e as Record<string, unknown> & {
      response?: Response;
      config?: { headers?: Record<string, unknown> };
    };
    return {
      error: error.constructor.name,
      canceled: axios.isCancel(error),
      code: error.code,
      message: error.message,
      status: error.response?.status,
      data: error.response?.data,
      sentAuth: error.config?.headers?.Authorization,
    };
  }
}

const kitPage = JSON.stringify({ kits: [{ id: 1, kit_number: 'KIT-1' }], total_pages: 3 });
const json = 'content-type: application/json; charset=utf-8\r\nx-request-id: 7';

const calls: [string, (c: Instance) => Promise<Response>, Answer][] = [
  [
    'GET with a page',
    (c) => c.get('/api/v1/starlink_kits', { params: { page: 2, per_page: 10 } }),
    { status: 200, body: kitPage, headers: json },
  ],
  [
    'GET with text to encode',
    (c) => c.get('/api/v1/starlink_kits/check_kit_number', { params: { kit_number: ' KIT-1 /ä?&=+#%' } }),
    { status: 200, body: '{"exists":false}', headers: json },
  ],
  [
    'GET without params',
    (c) => c.get('/api/v1/starlink_user_wallet'),
    { status: 200, body: '{"balance":"120,000"}', headers: json },
  ],
  [
    'an early read',
    (c) =>
      c.get('/api/v1/starlink_kits', {
        params: { page: 1 },
        skipAuth: true,
        headers: { Authorization: 'Bearer early' },
      }),
    { status: 200, body: kitPage },
  ],
  [
    'a log-in',
    (c) => c.post('/api/v1/login', { starlink_user: { email: 'a@b.ng', password: 'pässword' } }, { skipAuth: true }),
    { status: 200, body: '{"token":"t","user":{"id":1}}', headers: json },
  ],
  [
    'a log-out with its own timeout',
    (c) => c.post('/api/v1/logout', undefined, { timeout: 5000 }),
    { status: 404, body: 'Not Found', headers: 'content-type: text/plain' },
  ],
  [
    'POST without a body',
    (c) => c.post('/api/v1/starlink_activates/7/activate_kit'),
    { status: 422, body: '{"message":"m","error":"Insufficient","amount_due":"57000"}', headers: json },
  ],
  ['PUT', (c) => c.put('/api/v1/starlink_kits/set_auto_renew', { id: 7, auto_renew: true }), { status: 204 }],
  ['DELETE', (c) => c.delete('/api/v1/starlink_kits/7'), { status: 401, body: '{"message":"expired"}', headers: json }],
  [
    'a server that broke',
    (c) => c.get('/api/v1/starlink_wallet_fundings'),
    { status: 502, body: '<html>Bad gateway</html>', headers: 'content-type: text/html' },
  ],
  [
    'a reply that is not JSON',
    (c) => c.get('/api/v1/starlink_user_wallet'),
    { status: 200, body: 'ok', headers: 'content-type: text/plain' },
  ],
  [
    'a dropped connection',
    (c) => c.post('/api/v1/starlink_wallet_fundings', { starlink_wallet_funding: { amount: 5000 } }),
    'network',
  ],
  ['a timeout', (c) => c.get('/api/v1/starlink_kits'), 'timeout'],
  [
    'a request canceled before it left',
    (c) => c.get('/api/v1/starlink_kits', { params: { page: 1 }, signal: AbortSignal.abort() }),
    { status: 200 },
  ],
  [
    'a request canceled on its way',
    (c) => {
      const controller = new AbortController();
      const pending = c.get('/api/v1/starlink_kits', { params: { page: 3 }, signal: controller.signal });
      setTimeout(() => controller.abort(), 0);
      return pending;
    },
    { status: 200, body: kitPage },
  ],
];

describe("the portal's calls through its axios subset", () => {
  const original = globalThis.XMLHttpRequest;
  let whole: Axios;
  let portal: Axios;

  beforeAll(() => {
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    whole = loadAxios({ portalSubset: false }) as Axios;
    portal = loadAxios({ portalSubset: true }) as Axios;
  });
  afterAll(() => {
    globalThis.XMLHttpRequest = original;
  });

  it.each(calls)('%s: the same request and the same answer or error', async (_name, call, reply) => {
    const results = [];
    for (const axios of [whole, portal]) {
      for (const token of ['abc.def', null]) {
        answer = reply;
        sent = [];
        const result = await outcome(axios, call(portalClient(axios, token)));
        results.push({ token, sent, result });
      }
    }
    const [wholeWithToken, wholeWithout, portalWithToken, portalWithout] = results;
    expect(portalWithToken).toEqual(wholeWithToken);
    expect(portalWithout).toEqual(wholeWithout);
  });

  it('the left-out parts throw, naming themselves', async () => {
    const { AxiosError } = portal as unknown as { AxiosError: { from(error: Error): unknown } };
    expect(() => AxiosError.from(new Error('x'))).toThrow(
      "axios' lib/core/AxiosError.js AxiosError.from is left out of the portal's build",
    );
    const client = portal.create({}) as unknown as {
      getUri(): unknown;
      interceptors: { request: { eject(id: number): void } };
    };
    expect(() => client.getUri()).toThrow("axios' lib/core/Axios.js Axios.getUri is left out of the portal's build");
    expect(() => client.interceptors.request.eject(0)).toThrow("axios' InterceptorManager eject is left out");
    await expect(portalClient(portal, null).get('/x', { params: { a: { b: 1 } } })).rejects.toThrow(
      /params\.a: nested and array params are left out/,
    );
  });
});
