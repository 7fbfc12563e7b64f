import { randomUUID } from 'node:crypto';
import { test, expect } from '../support/fixtures';
import { digest, liveDocument, releaseCommand, releaseFolder } from '../support/releases';

// Runs after every other spec (the redeploy project), because it releases the staff area under the running servers.
test('the staff area is released and promoted alone: its pages show the new build, the shell and the customers’ areas are untouched', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/staff/login');
  const area = page.locator('[data-area="operator"]');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expect(area).toHaveAttribute('data-build', /.+/);
  const before = await area.getAttribute('data-build');
  const shell = liveDocument('shell').live;
  const shellFiles = digest(releaseFolder('shell', shell));
  const kits = liveDocument('kits').live;
  const operatorBefore = liveDocument('operator').live;

  const buildId = `staff-${randomUUID().slice(0, 8)}`;
  const released = releaseCommand('release', 'operator', [], { PORTAL_BUILD_ID: buildId });
  expect(released.status, released.output).toBe(0);
  // Released is not live.
  expect(liveDocument('operator').live).toBe(operatorBefore);
  const promoted = releaseCommand('promote', 'operator');
  expect(promoted.status, promoted.output).toBe(0);
  expect(liveDocument('operator').live).not.toBe(operatorBefore);

  await expect
    .poll(
      async () => {
        await page.goto('/staff/login');
        await expect(area).toHaveAttribute('data-build', /.+/);
        return area.getAttribute('data-build');
      },
      { timeout: 30_000 },
    )
    .toBe(buildId);
  expect(buildId).not.toBe(before);
  // The shell learnt nothing new from a build of its own: same release, same files; another area stays as it was.
  expect(liveDocument('shell').live).toBe(shell);
  expect(digest(releaseFolder('shell', shell))).toBe(shellFiles);
  expect(liveDocument('kits').live).toBe(kits);
});
