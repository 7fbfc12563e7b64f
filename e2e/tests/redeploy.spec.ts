import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '../support/fixtures';
import { REMOTE_URLS } from '../support/env';

const root = path.resolve(__dirname, '..', '..');

function digest(dir: string): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(dir).sort()) hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  return hash.digest('hex');
}

// Runs after every other spec (its own project), because it rebuilds a remote under the running servers.
test('a remote rebuilt alone shows its change after a reload, and the shell build is untouched', async ({ page, signedIn }) => {
  test.setTimeout(240_000);
  expect(signedIn.email).toBeTruthy();
  await page.goto('/profile');
  const area = page.locator('[data-area="profile"]');
  await expect(area).toHaveAttribute('data-build', /.+/);
  const before = await area.getAttribute('data-build');
  const shellBefore = digest(path.join(root, 'shell', 'dist'));

  const buildId = `redeploy-${randomUUID().slice(0, 8)}`;
  execFileSync('npm', ['run', 'build', '-w', 'mfe-profile'], {
    cwd: root,
    env: { ...process.env, PORTAL_BUILD_ID: buildId },
    stdio: 'ignore',
  });

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
  expect(digest(path.join(root, 'shell', 'dist'))).toBe(shellBefore);
});
