import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import type { Customer } from '../support/api';
import { workerControls } from '../support/offline';
import { homeBuild, liveDocument, mainNav, markPage, releaseCommand, signInOnHome, tabComesBack } from '../support/releases';

// Runs in the redeploy project, after every other spec: it releases, promotes and rolls back the kits remote under
// the running servers, with the portal's own service worker in control (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

/** Billing, then Home, in the same tab: the kits area's next load. */
async function backHome(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Billing' }).click();
  await expect(page.locator('[data-area="billing"]').first()).toBeAttached();
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
}

/**
 * Signed in on /home with the worker in control (every file of the live release in its cache), a new kits build
 * released and promoted, and the tab's next navigation on it: the kits builds before and after, and the release before.
 */
async function promotedUnderWorker(page: Page, customer: Customer) {
  await signInOnHome(page, customer);
  await workerControls(page);
  await page.reload();
  await expect(homeBuild(page)).toHaveAttribute('data-build', /.+/);
  const before = (await homeBuild(page).getAttribute('data-build'))!;
  const releaseBefore = liveDocument('kits').live;

  const buildId = `worker-${randomUUID().slice(0, 8)}`;
  const released = releaseCommand('release', 'kits', [], { PORTAL_BUILD_ID: buildId });
  expect(released.status, released.output).toBe(0);
  const promoted = releaseCommand('promote', 'kits');
  expect(promoted.status, promoted.output).toBe(0);
  await tabComesBack(page);
  await backHome(page);
  await expect(homeBuild(page)).toHaveAttribute('data-build', buildId);
  return { before, releaseBefore, buildId };
}

test('with the service worker in control, a promotion reaches an open tab at its next navigation after it learnt of it, and a rollback replaces the build on screen', async ({
  page,
  context,
  customer,
}) => {
  test.setTimeout(300_000);
  const { before, releaseBefore, buildId } = await promotedUnderWorker(page, customer);
  // A tab opened now: the worker's copy of /home names the old release, so the network's page is served.
  const newTab = await context.newPage();
  await newTab.goto('/home');
  await expect(homeBuild(newTab)).toHaveAttribute('data-build', buildId);
  expect(await newTab.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const rolledBack = releaseCommand('rollback', 'kits');
  expect(rolledBack.status, rolledBack.output).toBe(0);
  expect(liveDocument('kits').live).toBe(releaseBefore);

  // The build on screen was withdrawn: replaced as soon as the tab learns of it, with no navigation of its own.
  const samePage = await markPage(page);
  await tabComesBack(page);
  await expect(homeBuild(page)).toHaveAttribute('data-build', before);
  expect(await samePage()).toBe(false);
});

test('a returning visit whose cached page names a withdrawn build gets the live one within one round trip', async ({
  page,
  context,
  customer,
}) => {
  test.setTimeout(300_000);
  // The worker keeps a /home that names the new release, and the pointer that names it too.
  const { before, releaseBefore } = await promotedUnderWorker(page, customer);
  await page.close();

  expect(releaseCommand('rollback', 'kits').status).toBe(0);
  expect(liveDocument('kits').live).toBe(releaseBefore);

  // The customer comes back: the worker answers /home from its cache at once (it names the withdrawn build), the page
  // reads the pointer in the background and is replaced by the live release's.
  const returning = await context.newPage();
  const pages: string[] = [];
  returning.on('framenavigated', (frame) => {
    if (frame === returning.mainFrame()) pages.push(frame.url());
  });
  await returning.goto('/home');
  await expect(homeBuild(returning)).toHaveAttribute('data-build', before);
  // At most the one replacement: the cached page, then the live one.
  expect(pages.length).toBeLessThanOrEqual(2);
  await backHome(returning);
  await expect(homeBuild(returning)).toHaveAttribute('data-build', before);
});
