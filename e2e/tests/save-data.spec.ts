import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { createActiveKit, logIn, signInBrowser, verifyEmail } from '../support/api';
import { REMOTE_URLS } from '../support/env';

/**
 * Bytes (as sent, compressed) of every answer from the billing and profile areas' origins, and of all answers; and the
 * files of the kits area (/home's own) fetched.
 */
function countBytes(page: Page) {
  const counted = { otherAreas: 0, all: 0, otherAreaFiles: [] as string[], kitsFiles: [] as string[] };
  page.on('requestfinished', (request) => {
    // A request that finishes as the test closes the page has no sizes left to read: it counts for nothing.
    void request.sizes().then(({ responseBodySize }) => {
      counted.all += responseBodySize;
      const url = request.url();
      if (url.startsWith(`${REMOTE_URLS.billing}/`) || url.startsWith(`${REMOTE_URLS.profile}/`)) {
        counted.otherAreas += responseBodySize;
        counted.otherAreaFiles.push(new URL(url).pathname);
      }
      if (url.startsWith(`${REMOTE_URLS.kits}/`)) counted.kitsFiles.push(new URL(url).pathname);
    }, () => undefined);
  });
  return counted;
}

/** The files an area's live listing names for one of its page modules. */
async function pageFilesOf(page: Page, origin: string, module: string): Promise<string[]> {
  const listing = (await (await page.request.get(`${origin}/expose-chunks.json`)).json()) as {
    exposes: Record<string, string[]>;
  };
  return listing.exposes[module]!.map((file) => `/${file}`);
}

/** What `page` asks `origin` for from now on. */
function requestsTo(page: Page, origin: string): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${origin}/`)) asked.push(new URL(r.url()).pathname);
  });
  return asked;
}

/**
 * Once the browser's idle callbacks queued so far have run (they run in order: the shell's idle prefetch, queued when
 * the first screen was usable, comes before this one) and what they fetched has arrived.
 */
async function afterIdle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await page.waitForLoadState('networkidle');
}

/** /home signed in, until its kit list shows and the page's idle time has passed. */
async function openHome(page: Page, customer: Parameters<typeof signInBrowser>[1]) {
  await signInBrowser(page, customer, '/home');
  await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await afterIdle(page);
}

test.describe('Save-Data off', () => {
  test.use({ saveData: false });

  test("once /home is usable, a customer's other pages arrive in idle time, so switching finds them", async ({
    page,
    customer,
  }) => {
    await verifyEmail(customer);
    const kit = await createActiveKit(customer);
    const counted = countBytes(page);
    await openHome(page, customer);
    // The prefetch starts once the kits area is ready and the browser is idle: its files are the event waited for.
    const pageFiles = await pageFilesOf(page, REMOTE_URLS.billing, './billing');
    const dashboardFiles = await pageFilesOf(page, REMOTE_URLS.kits, './dashboard');
    await expect.poll(() => pageFiles.some((file) => counted.otherAreaFiles.includes(file)) && dashboardFiles.some((file) => counted.kitsFiles.includes(file))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(counted.otherAreaFiles.some((file) => file.endsWith('.js') && file.includes('remoteEntry'))).toBe(true);
    expect(counted.otherAreas).toBeGreaterThan(0);
    console.log(`Save-Data off: /home ${counted.all} bytes, of which billing and profile ${counted.otherAreas}`);

    // The billing page's code (its listing names it) came in idle time, and a kit's dashboard's, which /home's list
    // links to: the switch asks for none of it again.

    const onSwitch = requestsTo(page, REMOTE_URLS.billing);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    // No code fetched in idle time is fetched again, and the entry not at all (the switch reads the live listing,
    // which is no code).
    const code = onSwitch.filter((file) => file.endsWith('.js'));
    expect(code.filter((file) => counted.otherAreaFiles.includes(file) || /remoteEntry/.test(file))).toEqual([]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const onDashboard = requestsTo(page, REMOTE_URLS.kits);
    await page.getByRole('list', { name: 'Your kits' }).getByRole('link', { name: /Manage/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Kit ${kit.kit_number}` })).toBeVisible();
    expect(onDashboard.filter((file) => file.endsWith('.js'))).toEqual([]);
  });

  test('a customer who logs in on /login gets their other pages in idle time too', async ({ page, customer }) => {
    await verifyEmail(customer);
    const kit = await createActiveKit(customer);
    const fetched = requestsTo(page, REMOTE_URLS.billing);
    const billingFiles = await pageFilesOf(page, REMOTE_URLS.billing, './billing');
    await page.goto('/login');
    await logIn(page, customer.email, customer.password);
    await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible({ timeout: 30_000 });
    // The prefetch after the log-in: billing's page code is the event waited for.
    await expect.poll(() => billingFiles.some((file) => fetched.includes(file))).toBe(true);
    await page.waitForLoadState('networkidle');

    const onDashboard = requestsTo(page, REMOTE_URLS.kits);
    await page.getByRole('list', { name: 'Your kits' }).getByRole('link', { name: /Manage/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Kit ${kit.kit_number}` })).toBeVisible();
    expect(onDashboard.filter((file) => file.endsWith('.js'))).toEqual([]);

    const onBilling = requestsTo(page, REMOTE_URLS.billing);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    expect(onBilling.filter((file) => file.endsWith('.js'))).toEqual([]);
  });
});

test.describe('Save-Data on', () => {
  test("nothing of the navbar's other areas is fetched on a guess: bytes counted", async ({ page, kitOwner }) => {
    const counted = countBytes(page);
    await openHome(page, kitOwner);
    console.log(`Save-Data on: /home ${counted.all} bytes, of which billing and profile ${counted.otherAreas}`);
    expect(counted.otherAreaFiles).toEqual([]);
    expect(counted.otherAreas).toBe(0);
  });
});
