import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createKit, logIn } from '../support/api';
import { test, expect } from '../support/fixtures';
import { API_URL, SAME_ORIGIN_PORTAL_PORT, SAME_ORIGIN_PORTAL_URL } from '../support/env';

// `npm start`'s deployment: the shell's server forwards /api/ to the API, so the browser never calls another origin
// for data (no CORS preflight, one round trip less for every new URL on a slow network).
test.use({ baseURL: SAME_ORIGIN_PORTAL_URL });

test('a customer logs in and sees their kits with every API call on the page\'s own origin', async ({ page, customer }) => {
  const kit = await createKit(customer);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.origin);
  });

  await page.goto('/login');
  await logIn(page, customer.email, customer.password);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/, { timeout: 5_000 });
  await expect(page.getByRole('heading', { name: kit.kit_number })).toBeVisible();

  // The login, the wallet and the kit list at least.
  expect(apiCalls.length).toBeGreaterThanOrEqual(3);
  expect(new Set(apiCalls)).toEqual(new Set([SAME_ORIGIN_PORTAL_URL]));
});

test('the API\'s refusal reaches the customer word for word through the proxy', async ({ page, customer }) => {
  await page.goto('/login');
  await logIn(page, customer.email, 'wrong-password');
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a request and its answer pass through unchanged', async ({ request, customer }) => {
  const direct = await request.get(`${API_URL}/api/v1/starlink_user_wallet`, { headers: { Authorization: `Bearer ${customer.token}` } });
  const proxied = await request.get('/api/v1/starlink_user_wallet', {
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  expect(proxied.status()).toBe(200);
  expect(await proxied.json()).toEqual(await direct.json());
  expect(proxied.headers()['cache-control']).toBe('no-store');
  const refused = await request.get('/api/v1/starlink_user_wallet');
  expect(refused.status()).toBe(401);
});

test.describe('with the API down', () => {
  // One worker for both tests: under fullyParallel each worker would run beforeAll and start its own server on the
  // same port, and the first worker's afterAll would stop the server the other worker's test is using.
  test.describe.configure({ mode: 'serial' });
  // Ten ports above the same-origin portal: apart from both portals the config starts.
  const port = SAME_ORIGIN_PORTAL_PORT + 10;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    // A portal server whose API is a port nothing listens on.
    server = spawn(process.execPath, [path.resolve(__dirname, '../../scripts/serve.mjs')], {
      env: { ...process.env, PORTAL_PORT: String(port), PORTAL_API_URL: 'http://127.0.0.1:9', PORTAL_API_SAME_ORIGIN: '1' },
      stdio: 'ignore',
    });
    await expect.poll(() => fetch(`http://localhost:${port}/login`).then((r) => r.status, () => 0), { timeout: 20_000 }).toBe(200);
  });
  test.afterAll(() => {
    server?.kill();
  });

  test('the proxy answers 502 at once, with no message that would stand in for the portal\'s own', async ({ request }) => {
    const answer = await request.get(`http://localhost:${port}/api/v1/starlink_user_wallet`);
    expect(answer.status()).toBe(502);
    expect(await answer.json()).toEqual({});
  });

  test('a login then fails with the spec\'s own message and no session is kept', async ({ page, customer }) => {
    await page.goto(`http://localhost:${port}/login`);
    await logIn(page, customer.email, customer.password);
    await expect(page.getByText('Incorrect Email or Password. Please try again or create an account.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test('the client\'s address replaces any X-Forwarded-For it sends, so it cannot pick its rate-limit bucket', async () => {
  const { createApiProxy } = await import('../../scripts/portal-server.mjs');
  const http = await import('node:http');
  // An upstream that answers with the headers it was sent.
  const upstream = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' });
    res.end(JSON.stringify(req.headers));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as { port: number };
  const proxy = createApiProxy(`http://127.0.0.1:${port}`);
  const front = http.createServer(proxy);
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  try {
    const frontPort = (front.address() as { port: number }).port;
    const answer = await fetch(`http://127.0.0.1:${frontPort}/api/v1/login`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': '203.0.113.9', Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: '{}',
    });
    const seen = (await answer.json()) as Record<string, string>;
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.authorization).toBe('Bearer t');
    expect(seen.host).toBe(`127.0.0.1:${port}`);
  } finally {
    proxy.close();
    await new Promise((resolve) => front.close(resolve));
    await new Promise((resolve) => upstream.close(resolve));
  }
});
