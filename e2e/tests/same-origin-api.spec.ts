import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createKit, logIn } from '../support/api';
import { test, expect } from '../support/fixtures';
import { SAME_ORIGIN_PORTAL_PORT, SAME_ORIGIN_PORTAL_URL } from '../support/env';
import { API_UNREACHABLE_MESSAGE } from '../../portal-server/src/lib/config';

const tsxCli = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');

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

test.describe('with the API down', () => {
  // Ten ports above the same-origin portal: apart from both portals the config starts.
  const port = SAME_ORIGIN_PORTAL_PORT + 10;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    // A portal server whose API is a port nothing listens on.
    server = spawn(process.execPath, [tsxCli, path.resolve(__dirname, '../../portal-server/src/cli/serve.ts')], {
      env: { ...process.env, PORTAL_PORT: String(port), PORTAL_API_URL: 'http://127.0.0.1:9', PORTAL_API_SAME_ORIGIN: '1' },
      stdio: 'ignore',
    });
    await expect.poll(() => fetch(`http://localhost:${port}/login`).then((r) => r.status, () => 0), { timeout: 20_000 }).toBe(200);
  });
  test.afterAll(() => {
    server?.kill();
  });

  test('a login then says the service cannot be reached (not that the password is wrong) and keeps no session', async ({
    page,
    customer,
  }) => {
    await page.goto(`http://localhost:${port}/login`);
    await logIn(page, customer.email, customer.password);
    await expect(page.getByText(API_UNREACHABLE_MESSAGE, { exact: true })).toBeVisible();
    await expect(page.getByText('Incorrect Email or Password. Please try again or create an account.')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
