/**
 * @jest-environment jest-fixed-jsdom
 */
import fs from 'node:fs';
import path from 'node:path';
import { axiosLib, loadAxios } from './axios-lib';
import { repoRoot } from './first-load';

/* eslint-disable @typescript-eslint/no-require-imports */
type Pruned = Record<string, Record<string, unknown>>;
const { PRUNED } = require(path.join(repoRoot, 'webpack-config', 'axios-subset.js')) as { PRUNED: Pruned };
const { subset } = require(path.join(repoRoot, 'webpack-config', 'axios-stand-ins', 'subset-loader.js')) as {
  subset: (source: string, options: Record<string, unknown>) => { missing: string[] };
};
/* eslint-enable @typescript-eslint/no-require-imports */

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
type Headers = Record<'has' | 'delete' | 'get', (name: string, matcher?: unknown) => unknown>;
type Axios = {
  create(config: object): Instance;
  isCancel(value: unknown): boolean;
  mergeConfig(config1: object, config2: object): object;
  AxiosHeaders: new (headers: object) => Headers;
};

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
    'GET with params left empty',
    (c) => c.get('/api/v1/starlink_kits', { params: { page: 1, q: undefined, kit_id: null, active: false } }),
    { status: 200, body: kitPage, headers: json },
  ],
  [
    'GET with a header of its own',
    (c) => c.get('/api/v1/starlink_user_wallet', { headers: { 'X-Request-Id': ' 7 ' } }),
    { status: 200, body: '{"balance":"0"}', headers: json },
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
  [
    'POST with a JSON text body',
    (c) => c.post('/api/v1/starlink_kits', ' {"kit_number":"KIT-1"} '),
    { status: 201, body: '{"id":7}', headers: json },
  ],
  [
    'POST with a body that is neither JSON nor an object',
    (c) => c.post('/api/v1/starlink_kits', 'KIT-1'),
    { status: 201, body: '{"id":7}', headers: json },
  ],
  ['POST with an array body', (c) => c.post('/api/v1/starlink_kits', [1, 'two', null]), { status: 201 }],
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
    'a JSON reply sent as text',
    (c) => c.get('/api/v1/starlink_user_wallet'),
    { status: 200, body: ' {"balance":"5,000"} ', headers: 'content-type: text/plain' },
  ],
  [
    'a reply that claims JSON and is not',
    (c) => c.get('/api/v1/starlink_user_wallet'),
    { status: 200, body: '{"balance":', headers: json },
  ],
  [
    'an error reply with repeated headers',
    (c) => c.get('/api/v1/starlink_user_wallet'),
    {
      status: 429,
      body: '{"message":"slow down"}',
      headers: `${json}\r\nx-request-id: 8\r\nset-cookie: a=1\r\nset-cookie: b=2\r\ncontent-type: text/html`,
    },
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

  it('merges configs as axios does', () => {
    const signal = new AbortController().signal;
    const transform = [(data: unknown) => data];
    const pairs: [object, object][] = [
      [
        {
          timeout: 30_000,
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          withXSRFToken: false,
        },
        { params: { page: 2 }, timeout: 5000, skipAuth: true, signal, method: 'get', url: '/api/v1/starlink_kits' },
      ],
      [{ params: { a: 1, b: 2 } }, { params: { b: 3, c: undefined } }],
      [{ params: { a: 1 } }, {}],
      [{}, { params: { a: 1, [Symbol.for('s')]: 2 } }],
      [{ params: new URLSearchParams('a=1') }, { params: undefined }],
      [
        { transformRequest: transform, adapter: ['xhr'], withCredentials: true },
        { withCredentials: false, adapter: 'xhr' },
      ],
      [{ baseURL: 'https://a.example', responseType: 'json', maxContentLength: 10 }, { baseURL: 'https://b.example' }],
      [
        { headers: { common: { Accept: 'a' }, get: { 'X-A': '1' }, 'X-B': '2' } },
        { headers: { 'x-b': '3', 'X-C': '4' } },
      ],
      [{ validateStatus: (status: number) => status < 500 }, { data: { id: 7 } }],
      [{ env: { FormData: null } }, { env: { Blob: null } }],
    ];
    for (const [config1, config2] of pairs) {
      expect({ config1, config2, merged: portal.mergeConfig(config1, config2) }).toEqual({
        config1,
        config2,
        merged: whole.mergeConfig(config1, config2),
      });
    }
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

    const headers = new portal.AxiosHeaders({ 'X-A': '1' });
    expect(() => headers.has('X-A')).toThrow("axios' lib/core/AxiosHeaders.js AxiosHeaders.has is left out");
    expect(() => headers.delete('X-A')).toThrow("axios' lib/core/AxiosHeaders.js AxiosHeaders.delete is left out");
    expect(() => headers.get('X-A', /\d/)).toThrow(
      "axios' lib/core/AxiosHeaders.js what follows if (!parser) is left out",
    );
    expect(headers.get('x-a')).toBe('1');

    const synchronous = portal.create({});
    (synchronous.interceptors.request.use as (ok: unknown, fail: unknown, options: object) => void)(
      (config: unknown) => config,
      undefined,
      { synchronous: true },
    );
    const replacing = portal.create({});
    replacing.interceptors.request.use((config: Config) => ({ ...config }));
    const calls = portalClient(portal, null);
    const refused: [() => Promise<unknown>, string][] = [
      [() => calls.post('/x', new FormData()), 'lib/defaults/index.js transformRequest'],
      [() => calls.post('/x', new Blob(['x'])), 'lib/defaults/index.js transformRequest'],
      [() => calls.post('/x', new URLSearchParams('a=1')), 'lib/defaults/index.js transformRequest'],
      [() => calls.post('/x', new Uint8Array(2)), 'lib/defaults/index.js transformRequest'],
      [
        () => calls.post('/x', { a: 1 }, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
        'lib/defaults/index.js transformRequest',
      ],
      [
        () => calls.get('/x', { responseType: 'json', transitional: { silentJSONParsing: false } }),
        'lib/defaults/index.js transformResponse',
      ],
      [() => calls.get('/x', { auth: { username: 'u', password: 'p' } }), 'lib/helpers/resolveConfig.js if (auth)'],
      [() => calls.get('/x', { withXSRFToken: true }), 'lib/helpers/resolveConfig.js if (shouldSendXSRF)'],
      [() => calls.get('/x', { onDownloadProgress: () => undefined }), 'lib/adapters/xhr.js if (onDownloadProgress)'],
      [
        () => calls.get('ftp://files.example.ng/x'),
        'lib/adapters/xhr.js if (protocol && !platform.protocols.includes(protocol))',
      ],
      [() => calls.get('/x', { adapter: 'fetch' }), 'lib/adapters/adapters.js getAdapter for fetch'],
      [() => synchronous.get('/x'), 'lib/core/Axios.js what follows if (!synchronousRequestInterceptors)'],
      [
        () => replacing.get('/x'),
        'lib/utils.js what follows if (sourcePrototype === null && isSafeAndFullyMutable(thing))',
      ],
    ];
    answer = { status: 200, body: '{"a":', headers: json };
    for (const [call, part] of refused) {
      await expect(call()).rejects.toThrow(`axios' ${part} is left out of the portal's build`);
    }
  });

  it('a release that reshapes a rewritten function, a branch or a merged key fails the build, naming it', () => {
    const missing = (file: string, edit: (source: string) => string) =>
      subset(edit(fs.readFileSync(path.join(axiosLib, file), 'utf8')), { file, ...PRUNED[file] }).missing;
    expect(
      missing('helpers/resolveConfig.js', (s) => s.replace('if (auth) {', 'if (auth && auth.username) {')),
    ).toEqual(['if (auth)']);
    expect(
      missing('core/Axios.js', (s) => s.replace('if (!synchronousRequestInterceptors) {', 'if (!sync) {')),
    ).toEqual(['if (!synchronousRequestInterceptors)']);
    expect(
      missing('adapters/xhr.js', (s) => s.replace("if ('onloadend' in request) {", "if ('onload' in request) {")),
    ).toEqual(["if ('onloadend' in request)"]);
    expect(
      missing('core/mergeConfig.js', (s) => s.replace('httpAgent: defaultToConfig2', 'httpAgent: mergeDeepProperties')),
    ).toEqual(['mergeMap.httpAgent: defaultToConfig2']);
    expect(
      missing('defaults/index.js', (s) => s.replace('function transformResponse(', 'function parseResponse(')),
    ).toEqual(['transformResponse']);
    expect(missing('adapters/adapters.js', (s) => s.replace(/knownAdapters/g, 'adapterTable'))).toEqual([
      "getAdapter's values knownAdapters",
    ]);
  });
});
