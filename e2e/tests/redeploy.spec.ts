import { randomUUID } from 'node:crypto';
import { test, expect } from '../support/fixtures';
import { REMOTE_URLS } from '../support/env';
import { signInBrowser, verifyEmail } from '../support/api';
import { workerControls } from '../support/offline';
import { digest, liveDocument, releaseCommand, releaseFolder, tabComesBack } from '../support/releases';

// Runs after every other spec (its own project), because it releases a remote under the running servers.
test('a remote released and promoted alone shows its change after a reload, and the shell is untouched', async ({ page, signedIn }) => {
  test.setTimeout(240_000);
  expect(signedIn.email).toBeTruthy();
  await page.goto('/profile');
  const area = page.locator('[data-area="profile"]');
  await expect(area).toHaveAttribute('data-build', /.+/);
  const before = await area.getAttribute('data-build');
  const shell = liveDocument('shell').live;
  const shellBefore = digest(releaseFolder('shell', shell));

  const buildId = `redeploy-${randomUUID().slice(0, 8)}`;
  const released = releaseCommand('release', 'profile', [], { PORTAL_BUILD_ID: buildId });
  expect(released.status, released.output).toBe(0);
  const promoted = releaseCommand('promote', 'profile');
  expect(promoted.status, promoted.output).toBe(0);

  await page.reload();
  await expect(page.locator('[data-area="profile"]')).toHaveAttribute('data-build', buildId);
  // The HTML preloads the rebuilt page code, not chunks the rebuild deleted.
  const preloaded = await page.locator('link[rel="preload"][as="script"]').evaluateAll((links) =>
    links.map((link) => (link as HTMLLinkElement).href),
  );
  const profileCode = preloaded.filter((href) => href.startsWith(`${REMOTE_URLS.profile}/`) && !/\/remoteEntry(\.[0-9a-f]{8})?\.js$/.test(href));
  expect(profileCode.length).toBeGreaterThan(0);
  for (const href of profileCode) expect((await page.request.get(href)).status(), href).toBe(200);
  expect(buildId).not.toBe(before);
  expect(liveDocument('shell').live).toBe(shell);
  expect(digest(releaseFolder('shell', shell))).toBe(shellBefore);
});

test.describe('with the service worker in control', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a rolled-back build on screen is replaced within 60 s and never shown again', async ({ page, customer }) => {
    test.setTimeout(240_000);
    await verifyEmail(customer);
    // The tab's own timers run on a clock the test moves: 60 s pass without waiting for them.
    await page.clock.install();
    await signInBrowser(page, customer, '/profile');
    await workerControls(page);
    await page.reload();
    const area = page.locator('[data-area="profile"]');
    await expect(area).toHaveAttribute('data-build', /.+/);
    const before = (await area.getAttribute('data-build'))!;
    const releaseBefore = liveDocument('profile').live;

    const buildId = `withdrawn-${randomUUID().slice(0, 8)}`;
    expect(releaseCommand('release', 'profile', [], { PORTAL_BUILD_ID: buildId }).status).toBe(0);
    expect(releaseCommand('promote', 'profile').status).toBe(0);
    // Once the tab knows of the promotion, its page load is the network's: the worker's copy names the build before.
    await tabComesBack(page);
    await page.reload();
    await expect(area).toHaveAttribute('data-build', buildId);

    expect(releaseCommand('rollback', 'profile').status).toBe(0);
    expect(liveDocument('profile').live).toBe(releaseBefore);
    // No navigation: within 60 s the visible tab reads the pointer, and replaces the withdrawn build on screen.
    const replaced = page.waitForEvent('load');
    await page.clock.fastForward('01:00');
    await replaced;
    await expect(area).toHaveAttribute('data-build', before);
    // Never shown again: the next visit to the area in this tab, and a new page load, run the live release.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page.locator('[data-area="kits"]').first()).toBeAttached();
    await page.goBack();
    await expect(area).toHaveAttribute('data-build', before);
    await page.reload();
    await expect(area).toHaveAttribute('data-build', before);
  });
});
