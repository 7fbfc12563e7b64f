import { randomUUID } from 'node:crypto';
import { test, expect } from '../support/fixtures';
import { REMOTE_URLS } from '../support/env';
import { digest, liveDocument, releaseCommand, releaseFolder } from '../support/releases';

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
