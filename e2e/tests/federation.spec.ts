import type { Page, Response } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { createKit, signInBrowser, storeSessionBeforeScripts, verifyEmail } from '../support/api';
import { REMOTE_URLS } from '../support/env';

/** Text found in exactly one library's code, to count how many copies the browser downloaded. */
const LIBRARY_MARKERS = {
  react: '.cloneElement=function',
  'react-dom': '__reactContainer$',
  'styled-components': 'data-styled',
} as const;

function collectScripts(page: Page) {
  const bodies = new Map<string, Promise<string>>();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script' && response.ok()) bodies.set(response.url(), response.text().catch(() => ''));
  });
  return async () => new Map(await Promise.all([...bodies].map(async ([url, body]) => [url, await body] as const)));
}

test('the browser downloads one copy of each shared library across every area', async ({ page, signedIn }) => {
  // A verified customer: the email verification dialog would cover the navbar.
  await verifyEmail(signedIn);
  const scripts = collectScripts(page);
  const kit = await createKit(signedIn);
  await page.goto('/login');
  await page.goto('/home');
  for (const [path, link] of [['/billing', 'Billing'], ['/profile', 'Profile'], ['/home', 'Home']] as const) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await page.goto(`/dashboard/${kit.id}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const bodies = await scripts();
  for (const [library, marker] of Object.entries(LIBRARY_MARKERS)) {
    const copies = [...bodies].filter(([, body]) => body.includes(marker)).map(([url]) => url);
    expect(copies, `${library} copies: ${copies.join(', ')}`).toHaveLength(1);
  }
});

const areas = [
  { remote: 'auth', path: '/login', label: 'Log in', signedIn: false },
  { remote: 'kits', path: '/home', label: 'Home', signedIn: true },
  { remote: 'billing', path: '/billing', label: 'Billing', signedIn: true },
  { remote: 'profile', path: '/profile', label: 'Profile', signedIn: true },
] as const;

for (const area of areas) {
  test(`with the ${area.remote} remote unreachable the shell and the other areas keep working`, async ({ page, customer }) => {
    // Verified, so the email verification dialog never covers the navbar this test clicks.
    await verifyEmail(customer);
    const origin = REMOTE_URLS[area.remote];
    await page.route(`${origin}/**`, (route) => route.abort('connectionrefused'));
    if (area.signedIn) await signInBrowser(page, customer, area.path);
    else await page.goto(area.path);

    await expect(page.getByRole('alert').filter({ hasText: `${area.label} is unavailable` })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Another area still loads in the same page.
    if (area.remote === 'auth') {
      await signInBrowser(page, customer, '/billing');
    } else {
      const other = areas.find((a) => a.signedIn && a.remote !== area.remote)!;
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: other.label }).click();
    }
    await expect(page.getByRole('alert').filter({ hasText: 'is unavailable' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

    // The remote comes back: Retry loads it without a reload.
    await page.unroute(`${origin}/**`);
    if (area.signedIn) await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: area.label }).click();
    else await page.goto('/forgot-password');
    const retry = page.getByRole('button', { name: 'Retry' });
    if (await retry.isVisible()) await retry.click();
    await expect(page.getByRole('alert').filter({ hasText: 'is unavailable' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });
}

test('the page runs every hashed script under its versioned name, each cached for good', async ({ page }) => {
  const hashed: Response[] = [];
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  page.on('response', (r) => {
    if (/\.[0-9a-f]{8}\.js$/.test(r.url())) hashed.push(r);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The runtime configuration written by the server, not a default baked into the build, chose the remote.
  expect(requested.some((url) => url.startsWith(`${REMOTE_URLS.auth}/`))).toBe(true);
  expect(requested.filter((url) => /:300[1-4]\//.test(url))).toEqual([]);
  expect(hashed.length).toBeGreaterThan(0);
  for (const r of hashed) expect(r.headers()['cache-control']).toContain('immutable');
  // The auth remote's entry ran under its versioned name, and the shell's came inside the page, named by its
  // versioned file for the browser to cache: neither has to be revalidated.
  expect(hashed.map((r) => new URL(r.url()).pathname)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/remoteEntry\.[0-9a-f]{8}\.js$/)]),
  );
  await expect(page.locator('meta[name="portal-entry"]')).toHaveAttribute('content', /^\/main\.[0-9a-f]{8}\.js$/);
  expect(requested.filter((url) => /\/(main|remoteEntry)\.js$/.test(url))).toEqual([]);
});

test("a guest page carries the shell's entry script, which the browser caches once the screen is ready, for a customer's page", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  const entryRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/main\.[0-9a-f]{8}\.js$/.test(r.url())) entryRequests.push(r.url());
  });
  const cached = page.waitForResponse((r) => /\/main\.[0-9a-f]{8}\.js$/.test(r.url()) && r.ok());
  await page.goto('/login');
  const entry = await page.locator('meta[name="portal-entry"]').getAttribute('content');
  expect(entry).toMatch(/^\/main\.[0-9a-f]{8}\.js$/);
  await expect(page.locator(`script[src="${entry}"]`)).toHaveCount(0);
  // The app runs from the inline copy (its page works, the CSP allowed it) before any request for the file.
  await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('status').getByText('Invalid email or password')).toBeVisible();

  // Once the screen is drawn the browser fetches the file into its cache; nothing about it is told to the server.
  await cached;
  expect(entryRequests).toHaveLength(1);
  expect(await page.context().cookies()).toEqual([]);

  // A customer's page loads the entry by its file, answered by the cache without asking the server.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const answered = new Map<string, boolean>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.endsWith(entry!)) answered.set(e.requestId, false);
  });
  cdp.on('Network.requestServedFromCache', (e) => answered.has(e.requestId) && answered.set(e.requestId, true));
  cdp.on('Network.responseReceived', (e) => {
    if (answered.has(e.requestId) && e.response.fromDiskCache) answered.set(e.requestId, true);
  });
  await page.goto('/home');
  // No session here: the shell, running from the cached file, sends the visitor on to /login.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('meta[name="portal-entry"]')).toHaveCount(0);
  await expect(page.locator(`script[src="${entry}"]`)).toHaveCount(1);
  expect([...answered.values()]).toEqual([true]);
  expect(refused).toEqual([]);
});

test('a cold visit to /login asks the servers for nothing they do not have, and the tab icon comes inside the page', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => missing.push(`failed ${r.url()}`));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
  // Declared inline, so no browser asks the server for /favicon.ico (a 404 round trip on every cold visit); and it
  // is an image the browser can draw.
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  const width = await icon.evaluate(
    (link: HTMLLinkElement) =>
      new Promise<number>((resolve) => {
        const image = new Image();
        image.onload = () => resolve(image.naturalWidth);
        image.onerror = () => resolve(0);
        image.src = link.href;
      }),
  );
  expect(width).toBeGreaterThan(0);
});

test('a cold /login downloads no toast code before the customer touches the page, and a failed login still shows its message', async ({ page }) => {
  // Text only react-hot-toast's code contains.
  const hasToastCode = (bodies: Map<string, string>) => [...bodies.values()].some((body) => body.includes('data-rht-toaster'));
  const scripts = collectScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(hasToastCode(await scripts())).toBe(false);

  await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('status').getByText('Invalid email or password')).toBeVisible();
  expect(hasToastCode(await scripts())).toBe(true);
});

test("a cold /login downloads none of a customer's code; /home fetches it and asks for its first screen's data once", async ({
  page,
  kitOwner,
}) => {
  // Text only the customer's parts of shared-api (the kit calls, the email status) and the shell's session-end handling contain.
  const markers = ['/api/v1/starlink_kits/check_kit_number', 'profile.emailVerificationDismissed', 'Your session has expired'];
  const withCustomerCode = (bodies: Map<string, string>) =>
    [...bodies].filter(([, body]) => markers.some((marker) => body.includes(marker))).map(([url]) => url);
  const scripts = collectScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  // A touch: the API client and the toasts start downloading, as before a login.
  await page.getByLabel('Email', { exact: true }).fill(kitOwner.email);
  await page.waitForLoadState('networkidle');
  expect(withCustomerCode(await scripts())).toEqual([]);

  await storeSessionBeforeScripts(page, kitOwner);
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/v1/') && r.method() === 'GET') reads.push(`${url.pathname}${url.search}`);
  });
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible();
  expect(withCustomerCode(await scripts()).length).toBeGreaterThan(0);
  // The first reads, sent from the shell's entry, are the page's own: each asked for once.
  for (const read of ['/api/v1/starlink_user_wallet', '/api/v1/starlink_kits?page=1&per_page=10']) {
    expect(reads.filter((url) => url === read), read).toHaveLength(1);
  }
});

test("a route's HTML preloads its area's entry and page code, and the page runs those very files", async ({ page, signedIn }) => {
  await verifyEmail(signedIn);
  // Signed in on a page of another area (/login would redirect to /home and load it before the count starts).
  await signInBrowser(page, signedIn, '/forgot-password');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const preloaded = await page.locator('link[rel="preload"][as="script"]').evaluateAll((links) =>
    links.map((link) => (link as HTMLLinkElement).href),
  );
  const kitsFiles = preloaded.filter((href) => href.startsWith(`${REMOTE_URLS.kits}/`));
  // The entry under its versioned name, which a returning visitor's cache answers for.
  expect(kitsFiles.filter((href) => /\/remoteEntry\.[0-9a-f]{8}\.js$/.test(href))).toHaveLength(1);
  const pageCode = kitsFiles.filter((href) => /\/[\w-]+\.[0-9a-f]{8}\.js$/.test(href) && !href.includes('/remoteEntry.'));
  expect(pageCode.length).toBeGreaterThan(0);
  // Each page chunk downloaded once: the runtime found the preloaded copy instead of fetching it again.
  for (const href of pageCode) expect(requested.filter((url) => url === href), href).toHaveLength(1);
  // No other area's code on this page.
  const others = Object.values(REMOTE_URLS).filter((origin) => origin !== REMOTE_URLS.kits);
  expect(preloaded.filter((href) => others.some((origin) => href.startsWith(`${origin}/`)))).toEqual([]);
});

test("a customer page that calls the API through the client preloads it; /home, whose first reads go by fetch, shows its kits without it", async ({
  page,
  request,
  kitOwner,
}) => {
  const preloadsOf = async (path: string) => {
    const html = await (await request.get(path)).text();
    return [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((m) => m[1] ?? '');
  };
  expect((await preloadsOf('/login')).filter((href) => href.includes('http-client'))).toEqual([]);
  expect((await preloadsOf('/reset-password')).filter((href) => href.includes('http-client'))).toEqual([]);
  const client = (await preloadsOf('/dashboard/1')).filter((href) => /^\/http-client\.[0-9a-f]{8}\.js$/.test(href));
  expect(client).toHaveLength(1);
  expect((await preloadsOf('/home')).filter((href) => href.includes('http-client'))).toEqual([]);
  // Named for the customer's first touch instead, as on a guest page.
  expect(await (await request.get('/home')).text()).toContain(`<meta name="portal-touch-preload" content="${client[0]}">`);

  await storeSessionBeforeScripts(page, kitOwner);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible();
  // Save-Data on and no touch yet: the kit list, the wallet and the cards below came without the client's code.
  await expect(page.getByText(/Wallet balance/i).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((path) => path === client[0])).toEqual([]);
  // The customer's first touch starts it, before any action needs it.
  await page.getByRole('heading', { level: 1 }).first().click();
  await expect.poll(() => requested.filter((path) => path === client[0]).length).toBe(1);
});

test("a returning customer's second visit runs every script from the browser's cache, without asking the servers", async ({
  page,
  kitOwner,
}) => {
  await signInBrowser(page, kitOwner, '/home');
  await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible();
  // The first visit ends once its lazily loaded scripts (such as the email check) are in: a second visit that
  // cancelled one of them would download it, which says nothing about the cache. Settled: no new file for a second.
  let files = -1;
  await expect
    .poll(async () => {
      const before = files;
      files = await page.evaluate(() => performance.getEntriesByType('resource').length);
      return files === before;
    }, { intervals: [1_000], timeout: 30_000 })
    .toBe(true);
  // A customer's page loads the shell's entry by its file: the browser has cached it with the first visit.

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, string>();
  const fromCache = new Set<string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, e.request.url);
  });
  cdp.on('Network.requestServedFromCache', (e) => fromCache.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache) fromCache.add(e.requestId);
  });
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The shell's scripts and the kits area's entry and page: each one a cache hit, not a 304 round trip first.
  const urls = [...scripts.values()];
  expect(urls.some((url) => url.startsWith(`${REMOTE_URLS.kits}/remoteEntry.`))).toBe(true);
  expect([...scripts].filter(([id]) => !fromCache.has(id)).map(([, url]) => url)).toEqual([]);
});

test('an area whose versioned entry is gone (redeployed since the page was served) still opens, from its configured entry', async ({
  page,
  kitOwner,
}) => {
  const gone: string[] = [];
  await page.route(`${REMOTE_URLS.kits}/remoteEntry.*.js`, (route) => {
    gone.push(route.request().url());
    return route.fulfill({ status: 404, body: 'Not found' });
  });
  const plain: string[] = [];
  page.on('request', (r) => {
    if (r.url() === `${REMOTE_URLS.kits}/remoteEntry.js`) plain.push(r.url());
  });
  await signInBrowser(page, kitOwner, '/home');
  await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible();
  expect(gone.length).toBeGreaterThan(0);
  expect(plain.length).toBeGreaterThan(0);
});

/**
 * Hovers over the navbar's Billing link on /home, waits until that has fetched billing's entry and page code, then
 * clicks it: every script fetched from billing's origin over both is its entry (one, the configured or the
 * versioned copy) or a file its listing names for the page, each once.
 */
async function hoverThenClickBilling(page: Page): Promise<string[]> {
  await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible();
  const listing = (await (await page.request.get(`${REMOTE_URLS.billing}/expose-chunks.json`)).json()) as {
    entry: string;
    exposes: Record<string, string[]>;
  };
  const pageFiles = listing.exposes['./billing']!;
  const billingCode: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${REMOTE_URLS.billing}/`) && new URL(r.url()).pathname.endsWith('.js'))
      billingCode.push(r.url());
  });
  const fileOf = (url: string) => new URL(url).pathname.slice(1);
  const isEntry = (url: string) => /^remoteEntry(\.\w+)?\.js$/.test(fileOf(url));
  const billing = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' });
  await billing.hover();
  // The entry, then the page's own chunk (the area-only libraries' copies are the kits area's, already loaded).
  await expect
    .poll(() => billingCode.some(isEntry) && billingCode.some((url) => pageFiles.includes(fileOf(url))))
    .toBe(true);
  // Before any click: still on /home, and only the billing area was asked for.
  await expect(page).toHaveURL(/\/home$/);
  await billing.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  // The screen's data is the API's, not billing's origin: once the page is idle, all its code has been asked for.
  await page.waitForLoadState('networkidle');
  expect(billingCode.filter(isEntry), 'one entry').toHaveLength(1);
  expect(
    billingCode.filter((url) => !isEntry(url) && !pageFiles.includes(fileOf(url))),
    'code beyond the page',
  ).toEqual([]);
  expect(new Set(billingCode).size, `each file once: ${billingCode.join(', ')}`).toBe(billingCode.length);
  return billingCode;
}

test("pointing at an area's link starts loading its code, so the click finds it on the way", async ({
  page,
  kitOwner,
}) => {
  await signInBrowser(page, kitOwner, '/home');
  await hoverThenClickBilling(page);
});

test("an area the page's server could not name a build of is loaded once, from its configured entry", async ({
  page,
  kitOwner,
}) => {
  // The server names no versioned entry for billing (its listing did not answer in time): the page registers the
  // configured, no-cache remoteEntry.js, which is the live build. (Changed in the page as it is parsed: a page
  // answered by the test instead of the server would be refused the portal's loopback origins.)
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      let config: { remoteEntries?: Record<string, string> };
      try {
        config = JSON.parse(document.getElementById('portal-config')?.textContent ?? '') as typeof config;
      } catch {
        return; // Not parsed whole yet.
      }
      observer.disconnect();
      delete config.remoteEntries?.billing;
      document.getElementById('portal-config')!.textContent = JSON.stringify(config);
    }).observe(document, { childList: true, subtree: true });
  });
  await signInBrowser(page, kitOwner, '/home');
  const code = await hoverThenClickBilling(page);
  expect(code[0], 'the configured entry, first').toBe(`${REMOTE_URLS.billing}/remoteEntry.js`);
});
