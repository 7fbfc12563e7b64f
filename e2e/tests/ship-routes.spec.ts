import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { createFunding, signInBrowser, storeSessionBeforeScripts, verifyEmail } from '../support/api';
import { API_URL, PORTAL_PORT } from '../support/env';
import { addPackage, applyOverlay, type Overlay } from '../support/overlay';
import { digest, liveDocument, releaseCommand, releaseFolder, tabComesBack } from '../support/releases';

// Its own project, after ship-area: each test changes the kits area's sources for its length (e2e/fixtures), then
// releases and promotes the kits area alone under the running servers, a customer's tab open meanwhile.
test.describe.configure({ mode: 'serial' });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const kitsArea = (page: Page) => page.locator('[data-area="kits"]');

/** The kits team's change, released and promoted as the README says; the sources are put back whatever happens. */
function shipKits(overlay: Overlay): string {
  const buildId = `routes-${randomUUID().slice(0, 8)}`;
  const restore = applyOverlay('mfe-kits', overlay);
  try {
    const released = releaseCommand('release', 'kits', [], { PORTAL_BUILD_ID: buildId });
    expect(released.status, released.output).toBe(0);
  } finally {
    restore();
  }
  const promoted = releaseCommand('promote', 'kits');
  expect(promoted.status, promoted.output).toBe(0);
  return buildId;
}

/** The live shell's release and its files, to show that shipping an area left them as they were. */
function shellNow() {
  const id = liveDocument('shell').live;
  return { id, files: digest(releaseFolder('shell', id)) };
}

async function guestLandsOn(browser: Browser, address: string): Promise<string> {
  const guest = await browser.newPage();
  await guest.goto(address);
  await expect(guest.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  const landed = new URL(guest.url()).pathname;
  await guest.close();
  return landed;
}

test('a new page of the kits area and its navbar link, at a new address, ship as the kits release alone and arrive drawn', async ({ page, customer, browser }) => {
  test.setTimeout(420_000);
  await verifyEmail(customer);
  await signInBrowser(page, customer, '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const shell = shellNow();
  const kitsBefore = liveDocument('kits').live;

  const buildId = shipKits({
    fixture: 'kits-new-page',
    edits: [
      {
        file: 'src/routes.ts',
        from: "import { homeRoute } from './features/home/api/route';",
        to: "import { homeRoute } from './features/home/api/route';\nimport { kitsOverviewRoute } from './features/kits-overview/api/route';",
      },
      { file: 'src/routes.ts', from: '[homeRoute, dashboardRoute]', to: '[homeRoute, dashboardRoute, kitsOverviewRoute]' },
      // Its page drawn by the kits build like the others (the area's prerender.json).
      { file: 'src/prerender.ts', from: "import Home from './exposes/home';", to: "import Home from './exposes/home';\nimport KitsOverview from './exposes/kits-overview';" },
      { file: 'src/prerender.ts', from: "'./dashboard': Dashboard }", to: "'./dashboard': Dashboard, './kits-overview': KitsOverview }" },
      {
        file: 'webpack.config.js',
        from: "'./dashboard': './src/exposes/dashboard.ts',",
        to: "'./dashboard': './src/exposes/dashboard.ts',\n    './kits-overview': './src/exposes/kits-overview.ts',",
      },
    ],
  });

  // The open tab goes on working across the areas it knows.
  await mainNav(page).getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // The new address at the next page load (the server reads the kits listing again within seconds).
  await expect
    .poll(
      async () => {
        await page.goto('/kits-overview');
        return page.getByRole('heading', { level: 1, name: 'Kits overview' }).isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(kitsArea(page)).toHaveAttribute('data-build', buildId);
  // Both arrive drawn in the HTML, the frames drawn by the site writer from the live routes: the new page inside the
  // signed-in frame, and its navbar link in that frame and in every other customer page's.
  for (const address of ['/kits-overview', '/home', '/billing']) {
    const html = await (await page.request.get(address)).text();
    const drawn = html.slice(html.indexOf('<div id="root" data-prerendered'), html.indexOf('<div data-boot hidden>'));
    expect(drawn, address).toContain('href="/kits-overview"');
    expect(drawn, address).toContain('>Overview<');
    if (address === '/kits-overview') expect(drawn).toContain('<h1>Kits overview</h1>');
  }
  await expect(mainNav(page).getByRole('link', { name: 'Overview', exact: true })).toBeVisible();
  // The guard the kits area declared for it: a customer's page, so a visitor without a session goes to /login.
  expect(await guestLandsOn(browser, '/kits-overview')).toBe('/login');
  // The rest of the portal as it was.
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  expect(shellNow()).toEqual(shell);
  expect(releaseCommand('promote', 'kits', [kitsBefore]).status).toBe(0);
});

test('a new read of an existing endpoint, shown on /home, ships as the kits release alone', async ({ page, customer }) => {
  test.setTimeout(420_000);
  await verifyEmail(customer);
  await createFunding(customer, 15_000);
  await signInBrowser(page, customer, '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByText(/Transfers on record/)).toHaveCount(0);
  const shell = shellNow();
  const kitsBefore = liveDocument('kits').live;

  // The customer is on another area while the kits team ships.
  await mainNav(page).getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();

  const buildId = shipKits({
    fixture: 'kits-new-read',
    edits: [
      {
        file: 'src/features/home/components/home-page.tsx',
        from: "import { WalletSummary } from './wallet-summary';",
        to: "import { WalletSummary } from './wallet-summary';\nimport { FundingCount } from './funding-count';",
      },
      { file: 'src/features/home/components/home-page.tsx', from: '<PendingPaymentCard />', to: '<FundingCount />\n      <PendingPaymentCard />' },
    ],
  });

  // The open tab learns of the release when the customer comes back to it; its next visit to /home is then a page
  // load of the new kits release, which makes its own read.
  await tabComesBack(page);
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(kitsArea(page)).toHaveAttribute('data-build', buildId);
  await expect(page.getByText('Transfers on record: 1')).toBeVisible();

  expect(shellNow()).toEqual(shell);
  expect(releaseCommand('promote', 'kits', [kitsBefore]).status).toBe(0);
});

/** `npm run serve` as a deployment runs it, on its own ports; stopped with its whole process group. */
async function servePortal(port: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn('npm', ['run', 'serve'], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...process.env, PORTAL_PORT: String(port), PORTAL_API_URL: API_URL, PORTAL_API_SAME_ORIGIN: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already stopped.
    }
  };
  // It says `Portal: <url>` once its servers listen on the site it wrote (portal-server/src/cli/serve.ts).
  let out = '';
  const up = await new Promise<boolean>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Portal: ')) resolve(true);
    });
    child.on('exit', () => resolve(false));
  });
  if (!up) throw new Error(`the portal on port ${port} did not start:\n${out}`);
  return { url: `http://localhost:${port}`, stop };
}

test('a new area, one registry entry and its package, appears in the navbar and the guard', async ({ page, customer, browser }) => {
  test.setTimeout(420_000);
  await verifyEmail(customer);
  await signInBrowser(page, customer, '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const shell = shellNow();

  const restore = addPackage('mfe-extra', 'mfe-extra', [
    {
      file: 'registry/index.ts',
      from: "  { name: 'profile', dir: 'mfe-profile', offset: 4, routes: 'src/routes.ts' },\n",
      to: "  { name: 'profile', dir: 'mfe-profile', offset: 4, routes: 'src/routes.ts' },\n  { name: 'extra', dir: 'mfe-extra', offset: 6, routes: 'src/routes.ts' },\n",
    },
    { file: 'package.json', from: '"mfe-profile",', to: '"mfe-profile",\n    "mfe-extra",' },
  ]);
  let portal: { url: string; stop: () => void } | undefined;
  try {
    const buildId = `extra-${randomUUID().slice(0, 8)}`;
    const released = releaseCommand('release', 'extra', [], { PORTAL_BUILD_ID: buildId });
    expect(released.status, released.output).toBe(0);
    const promoted = releaseCommand('promote', 'extra');
    expect(promoted.status, promoted.output).toBe(0);
    // The portal's servers as deployed with the new entry (a new app is a new server), on ports apart from both sets.
    portal = await servePortal(PORTAL_PORT + 20);

    const other = await page.context().newPage();
    await storeSessionBeforeScripts(other, customer);
    await other.goto(`${portal.url}/home`);
    await expect(other.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await mainNav(other).getByRole('link', { name: 'Extra', exact: true }).click();
    await expect(other.getByRole('heading', { level: 1, name: 'Extra' })).toBeVisible();
    await expect(other.locator('[data-area="extra"]')).toHaveAttribute('data-build', buildId);
    // Its guard: a customer's page, so a visitor without a session goes to /login.
    expect(await guestLandsOn(browser, `${portal.url}/extra`)).toBe('/login');
    await other.close();

    // The customer's tab open since before goes on working.
    await mainNav(page).getByRole('link', { name: 'Billing', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  } finally {
    portal?.stop();
    restore();
  }
  expect(shellNow()).toEqual(shell);
});
