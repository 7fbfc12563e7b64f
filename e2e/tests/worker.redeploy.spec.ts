import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { workerControls } from '../support/offline';
import { homeBuild, liveDocument, mainNav, releaseCommand, signInOnHome } from '../support/releases';

// Runs in the redeploy project, after every other spec: it releases, promotes and rolls back the kits remote under
// the running servers, with the portal's own service worker in control (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });


/** Billing, then Home, in the same tab: the kits area's next load. */
async function backHome(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Billing' }).click();
  await expect(page.locator('[data-area="billing"]').first()).toBeAttached();
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
}

test('with the service worker in control, a promotion and a rollback of kits reach an open tab and a new tab', async ({
  page,
  context,
  customer,
}) => {
  test.setTimeout(300_000);
  await signInOnHome(page, customer);
  await workerControls(page);
  // Every file of this release now comes through the worker, and its cache holds them.
  await page.reload();
  await expect(homeBuild(page)).toHaveAttribute('data-build', /.+/);
  const before = (await homeBuild(page).getAttribute('data-build'))!;
  const releaseBefore = liveDocument('kits').live;

  const buildId = `worker-${randomUUID().slice(0, 8)}`;
  const released = releaseCommand('release', 'kits', [], { PORTAL_BUILD_ID: buildId });
  expect(released.status, released.output).toBe(0);
  const promoted = releaseCommand('promote', 'kits');
  expect(promoted.status, promoted.output).toBe(0);

  await backHome(page);
  await expect(homeBuild(page)).toHaveAttribute('data-build', buildId);
  const newTab = await context.newPage();
  await newTab.goto('/home');
  await expect(homeBuild(newTab)).toHaveAttribute('data-build', buildId);
  expect(await newTab.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const rolledBack = releaseCommand('rollback', 'kits');
  expect(rolledBack.status, rolledBack.output).toBe(0);
  expect(liveDocument('kits').live).toBe(releaseBefore);

  await backHome(page);
  await expect(homeBuild(page)).toHaveAttribute('data-build', before);
  await newTab.reload();
  await expect(homeBuild(newTab)).toHaveAttribute('data-build', before);
  const another = await context.newPage();
  await another.goto('/home');
  await expect(homeBuild(another)).toHaveAttribute('data-build', before);
});
