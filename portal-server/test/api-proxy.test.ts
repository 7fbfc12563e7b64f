import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSiteServer } from '../src/lib/site-server';
import { API_UNREACHABLE_MESSAGE } from '../src/lib/config';
import { builtApp, removeFolders, siteOf } from './support/fixtures';

const closers: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  removeFolders();
});

/** An upstream API: `handler` answers each request. */
async function upstream(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The shell's server forwarding /api/ to `target`. */
async function shell(target: string, apiTimeoutMs?: number) {
  const server = await createSiteServer({
    siteDir: await siteOf({ shell: [builtApp()] }),
    app: 'shell',
    apiProxy: target,
    apiTimeoutMs,
    log: () => undefined,
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** An upstream that answers with what it was sent. */
const echo: http.RequestListener = (req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk));
  req.on('end', () => {
    res.writeHead(201, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Api': 'yes' });
    res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
  });
};

type Echoed = { method: string; url: string; headers: Record<string, string>; body: string };

it("passes a request and the API's answer through unchanged", async () => {
  const api = await upstream(echo);
  const url = await shell(api);
  const answer = await fetch(`${url}/api/v1/login?x=1`, {
    method: 'POST',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: '{"starlink_user":{"email":"a@b.c"}}',
  });
  expect(answer.status).toBe(201);
  expect(answer.headers.get('x-api')).toBe('yes');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const seen = (await answer.json()) as Echoed;
  expect(seen).toMatchObject({ method: 'POST', url: '/api/v1/login?x=1', body: '{"starlink_user":{"email":"a@b.c"}}' });
  expect(seen.headers.authorization).toBe('Bearer t');
  expect(seen.headers.host).toBe(new URL(api).host);
});

it("the client's address replaces any X-Forwarded-For it sends, so it cannot pick its rate-limit bucket", async () => {
  const url = await shell(await upstream(echo));
  const answer = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': '203.0.113.9', 'Content-Type': 'application/json' },
    body: '{}',
  });
  const seen = (await answer.json()) as Echoed;
  expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
  expect(seen.headers['x-forwarded-host']).toBe(new URL(url).host);
});

it('an API that is down answers 502 with a message the customer can read, never cached', async () => {
  const url = await shell('http://127.0.0.1:9');
  const answer = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(answer.status).toBe(502);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(await answer.json()).toEqual({ message: API_UNREACHABLE_MESSAGE });
  // The server itself keeps serving.
  expect((await fetch(`${url}/login`)).status).toBe(200);
});

it('an API that does not answer in time answers 504 with the same message', async () => {
  const api = await upstream(() => {
    // Never answers.
  });
  const url = await shell(api, 300);
  const answer = await fetch(`${url}/api/v1/starlink_user_wallet`);
  expect(answer.status).toBe(504);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(await answer.json()).toEqual({ message: API_UNREACHABLE_MESSAGE });
});

it('without the proxy, /api/ answers 404, not a page', async () => {
  const server = await createSiteServer({ siteDir: await siteOf({ shell: [builtApp()] }), app: 'shell', log: () => undefined });
  await server.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => server.close());
  const answer = await fetch(
    `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/api/v1/starlink_user_wallet`,
  );
  expect(answer.status).toBe(404);
});
