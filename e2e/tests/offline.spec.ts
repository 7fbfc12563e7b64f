import { test, expect } from '../support/fixtures';
import { signInBrowser } from '../support/api';
import { keptReads, reloadOffline, workerControls } from '../support/offline';

// The portal's own service worker runs here (the suite blocks it elsewhere: see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('a repeat visit offline shows /home with the last-known data, payments disabled with the reason; back online it refreshes, and logging out forgets it', async ({
  page,
  context,
  kitOwner,
}) => {
  test.setTimeout(120_000);
  await signInBrowser(page, kitOwner, '/home');
  const kitCard = page.getByTestId('kit-card').first();
  await expect(kitCard).toBeVisible();
  await workerControls(page);
  // Once with the worker in control: the page itself is kept too.
  await page.reload();
  await expect(kitCard).toBeVisible();
  // The notices too (issue 47: the latest is in /home's first screen, so a repeat visit draws it at once).
  await expect.poll(() => keptReads(page)).toEqual(['["fundings"]', '["kits",1]', '["notices"]', '["wallet"]']);
  const kitNumber = await kitCard.getByRole('heading').textContent();
  const balance = await page.getByRole('region', { name: 'Wallet balance' }).locator('p').first().textContent();

  // The next visit with no network at all (the worker's fetches too).
  await reloadOffline(page);
  const visit = page;

  await expect(visit.getByRole('status').filter({ hasText: "You're offline." })).toBeVisible();
  await expect(visit.getByRole('status').filter({ hasText: /Updated \d\d:\d\d/ })).toBeVisible();
  await expect(visit.getByRole('heading', { name: kitNumber! })).toBeVisible();
  await expect(visit.getByRole('region', { name: 'Wallet balance' })).toContainText(balance!);
  const fund = visit.getByRole('button', { name: 'Fund wallet' });
  await expect(fund).toBeDisabled();
  await expect(fund).toHaveAccessibleDescription("You're offline. Payments need a connection.");

  // Back online, loaded again (the reads made again by themselves on reconnection are shared-api's and the shell's
  // unit tests).
  await context.setOffline(false);
  await visit.reload();
  await expect(visit.getByRole('heading', { name: kitNumber! })).toBeVisible();
  await expect(visit.getByRole('status').filter({ hasText: "You're offline." })).toHaveCount(0);
  await expect(visit.getByText(/Updated \d\d:\d\d/)).toHaveCount(0);
  await expect(fund).toBeEnabled();

  await visit.getByRole('link', { name: 'Profile' }).click();
  await visit.getByRole('button', { name: 'Log out' }).click();
  await expect(visit).toHaveURL(/\/login$/);
  await expect.poll(() => keptReads(visit)).toEqual([]);
});
