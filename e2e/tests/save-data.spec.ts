import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInBrowser } from '../support/api';
import { REMOTE_URLS } from '../support/env';

/** Bytes (as sent, compressed) of every answer from the billing and profile areas' origins, and of all answers. */
function countBytes(page: Page) {
  const counted = { otherAreas: 0, all: 0, otherAreaFiles: [] as string[] };
  page.on('requestfinished', (request) => {
    // A request that finishes as the test closes the page has no sizes left to read: it counts for nothing.
    void request.sizes().then(({ responseBodySize }) => {
      counted.all += responseBodySize;
      const url = request.url();
      if (url.startsWith(`${REMOTE_URLS.billing}/`) || url.startsWith(`${REMOTE_URLS.profile}/`)) {
        counted.otherAreas += responseBodySize;
        counted.otherAreaFiles.push(new URL(url).pathname);
      }
    }, () => undefined);
  });
  return counted;
}

/** /home signed in, until its kit list shows and the page has been idle for a while. */
async function openHome(page: Page, customer: Parameters<typeof signInBrowser>[1]) {
  await signInBrowser(page, customer, '/home');
  await expect(page.getByRole('list', { name: 'Your kits' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // Longer than the idle prefetch's own deadline (5 s), after which it would have started anyway.
  await page.waitForTimeout(6_000);
  await page.waitForLoadState('networkidle');
}

test.describe('Save-Data off', () => {
  test.use({ saveData: false });

  test("once /home is usable, the navbar's other areas arrive in idle time, so switching finds them", async ({
    page,
    kitOwner,
  }) => {
    const counted = countBytes(page);
    await openHome(page, kitOwner);
    expect(counted.otherAreaFiles.some((file) => file.endsWith('.js') && file.includes('remoteEntry'))).toBe(true);
    expect(counted.otherAreas).toBeGreaterThan(0);
    console.log(`Save-Data off: /home ${counted.all} bytes, of which billing and profile ${counted.otherAreas}`);

    // The billing page's code (its listing names it) came in idle time: the switch asks for none of it again.
    const listing = (await (await page.request.get(`${REMOTE_URLS.billing}/expose-chunks.json`)).json()) as {
      exposes: Record<string, string[]>;
    };
    const pageFiles = listing.exposes['./billing']!.map((file) => `/${file}`);
    expect(pageFiles.some((file) => counted.otherAreaFiles.includes(file))).toBe(true);
    const onSwitch: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${REMOTE_URLS.billing}/`)) onSwitch.push(new URL(r.url()).pathname);
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    // No code fetched in idle time is fetched again, and the entry not at all (the switch reads the live listing,
    // which is no code).
    const code = onSwitch.filter((file) => file.endsWith('.js'));
    expect(code.filter((file) => counted.otherAreaFiles.includes(file) || /remoteEntry/.test(file))).toEqual([]);
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
