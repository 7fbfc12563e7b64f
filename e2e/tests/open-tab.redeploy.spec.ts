import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { createKit, signInBrowser, verifyEmail } from '../support/api';
import { REMOTE_URLS } from '../support/env';
import { dropRelease, homeBuild, liveDocument, mainNav, releaseCommand, signInOnHome } from '../support/releases';

// Runs in the redeploy project, after every other spec: it releases and promotes the kits remote under the running
// servers.
test.describe.configure({ mode: 'serial' });

const KITS = REMOTE_URLS.kits;

/**
 * A new kits build released and made live. `dropPrevious`: the release it replaces is then deleted from the store
 * (as retention does), so its chunks answer 404.
 */
function shipKits({ dropPrevious = false } = {}): string {
  const buildId = `open-tab-${randomUUID().slice(0, 8)}`;
  const previous = liveDocument('kits').live;
  const released = releaseCommand('release', 'kits', [], { PORTAL_BUILD_ID: buildId });
  expect(released.status, released.output).toBe(0);
  const promoted = releaseCommand('promote', 'kits');
  expect(promoted.status, promoted.output).toBe(0);
  if (dropPrevious) dropRelease('kits', previous);
  return buildId;
}

/** The slow profile of issue 36's tabs (and the benchmark): 400 ms round trip, 400 kbps each way. */
async function onSlowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (400 * 1024) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/** Marks the page, so a reload (which would clear the mark) cannot pass for an in-page recovery. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
  return () => page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage === true);
}

test('an open tab reaches a remote rebuilt under it on its next navigation to that area, without a reload', async ({
  page,
  customer,
}) => {
  test.setTimeout(300_000);
  // Home first: the kits area's code is running in this tab when the rebuild replaces it.
  const before = await signInOnHome(page, customer);
  await mainNav(page).getByRole('link', { name: 'Billing' }).click();
  await expect(page.locator('[data-area="billing"]').first()).toBeAttached();
  const samePage = await markPage(page);

  const buildId = shipKits();
  expect(buildId).not.toBe(before);

  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(homeBuild(page)).toHaveAttribute('data-build', buildId);
  await expect(page.locator('main h1').first()).toBeVisible();
  expect(await samePage()).toBe(true);
});

test("tabs opened before a release reach it on their first visit to the area on a slow network, by an immediate click, a key press, a tap or a click while the hover's prefetch is under way", async ({
  browser,
  context,
  customer,
}) => {
  test.setTimeout(300_000);
  await verifyEmail(customer);
  // Each tab starts on Billing: the kits build its page names is the one live before the release, and the customer
  // goes straight to Home, with no pointer resting on the link (the intent prefetch and the click start together).
  const clicked = await context.newPage();
  await signInBrowser(clicked, customer, '/billing');
  const keyed = await context.newPage();
  await keyed.goto('/billing');
  const touch = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });
  const tapped = await touch.newPage();
  await signInBrowser(tapped, customer, '/billing');
  const hovered = await context.newPage();
  await hovered.goto('/billing');
  const tabs = [clicked, keyed, tapped, hovered];
  for (const tab of tabs) await expect(tab.locator('[data-area="billing"]').first()).toBeAttached();
  const marks = await Promise.all(tabs.map(markPage));
  // From here on each tab is a phone on slow mobile data: every read of the live listing takes its time.
  for (const tab of tabs) await onSlowNetwork(tab);

  const buildId = shipKits();

  await mainNav(clicked).getByRole('link', { name: 'Home' }).click();
  await mainNav(keyed).getByRole('link', { name: 'Home' }).press('Enter');
  // On a phone the navbar's links sit behind its menu button.
  const menu = tapped.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.tap();
  await mainNav(tapped).getByRole('link', { name: 'Home' }).tap();
  // The pointer rests on the link long enough to start the intent prefetch, not for it to finish (one round trip is
  // 400 ms), and the click joins it.
  const home = mainNav(hovered).getByRole('link', { name: 'Home' });
  await home.hover();
  await hovered.waitForTimeout(150);
  await home.click();

  for (const tab of tabs) await expect(homeBuild(tab)).toHaveAttribute('data-build', buildId, { timeout: 60_000 });
  for (const same of marks) expect(await same()).toBe(true);
  await touch.close();
});

test('a tab that ran the kits entry before a rebuild and asks for a deleted chunk reaches the new build or is told a new version is available, never to check the connection', async ({
  context,
  customer,
}) => {
  test.setTimeout(300_000);
  await verifyEmail(customer);
  const kit = await createKit(customer);
  const oldListing = await (await fetch(`${KITS}/expose-chunks.json`)).text();
  const oldEntry = await (await fetch(`${KITS}/remoteEntry.js`)).text();

  // Two tabs on a kit's dashboard: its entry and the dashboard's code ran, the home page's chunk was never asked for.
  // Both see a stale listing (a cache that has not caught up), so only the old chunk's 404 tells them; the second
  // also gets the old remoteEntry.js, so it cannot follow the new build in place.
  const tabs: Page[] = [];
  for (const staleEntry of [false, true]) {
    const tab = await context.newPage();
    await tab.route(`${KITS}/expose-chunks.json`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: oldListing }),
    );
    if (staleEntry) {
      await tab.route(`${KITS}/remoteEntry.js`, (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript', body: oldEntry }),
      );
    }
    // The second tab finds the session the first stored (a detour through /login would open /home first).
    if (tabs.length === 0) await signInBrowser(tab, customer, `/dashboard/${kit.id}`);
    else await tab.goto(`/dashboard/${kit.id}`);
    await expect(tab.locator('[data-area="kits"]').first()).toHaveAttribute('data-build', /.+/);
    tabs.push(tab);
  }
  const [following, stale] = tabs as [Page, Page];
  const samePage = await markPage(following);

  const buildId = shipKits({ dropPrevious: true });

  await mainNav(following).getByRole('link', { name: 'Home' }).click();
  await expect(homeBuild(following)).toHaveAttribute('data-build', buildId);
  expect(await samePage()).toBe(true);

  await mainNav(stale).getByRole('link', { name: 'Home' }).click();
  const told = stale.getByRole('alert').filter({ hasText: 'A new version of Home is available.' });
  await expect(told).toBeVisible();
  await expect(stale.getByText(/check your connection/i)).toHaveCount(0);
  // Reload brings the new build (the stale cache gone by then).
  await stale.unrouteAll();
  await told.getByRole('button', { name: 'Reload' }).click();
  await expect(homeBuild(stale)).toHaveAttribute('data-build', buildId);
});
