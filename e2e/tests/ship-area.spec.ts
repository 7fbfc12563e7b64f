import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInBrowser, verifyEmail } from '../support/api';
import { digest, dropRelease, liveDocument, markPage, releaseCommand, releaseFolder, tabComesBack } from '../support/releases';

// Its own project, after redeploy: it releases, promotes and rolls back the kits area under the running servers.
test.describe.configure({ mode: 'serial' });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const kitsArea = (page: Page) => page.locator('[data-area="kits"]');

/** The kits build a fresh page load of /home shows (the shell's server re-reads a remote's listing within 5 s). */
async function kitsBuildOnReload(page: Page): Promise<string | null> {
  await page.goto('/home');
  await expect(kitsArea(page)).toHaveAttribute('data-build', /.+/);
  return kitsArea(page).getAttribute('data-build');
}

test('a customer gets a released and promoted kits area without the shell changing, and a rollback reverses it', async ({ page, customer }) => {
  test.setTimeout(420_000);
  // Verified: the email verification dialog would cover the menu.
  await verifyEmail(customer);
  await signInBrowser(page, customer, '/home');
  const before = await kitsBuildOnReload(page);
  const kitsBefore = liveDocument('kits').live;
  const shell = liveDocument('shell').live;
  const shellFiles = digest(releaseFolder('shell', shell));

  // The customer is on another area while the kits team ships.
  await mainNav(page).getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();

  const buildId = `ship-${randomUUID().slice(0, 8)}`;
  const released = releaseCommand('release', 'kits', [], { PORTAL_BUILD_ID: buildId });
  expect(released.status, released.output).toBe(0);
  const shipped = liveDocument('kits');
  // Released is not live: customers still get the old area.
  expect(shipped.live).toBe(kitsBefore);
  const promoted = releaseCommand('promote', 'kits');
  expect(promoted.status, promoted.output).toBe(0);
  const kitsNew = liveDocument('kits').live;
  expect(kitsNew).not.toBe(kitsBefore);

  // The open tab, which ran the old kits code before going to billing, learns of the release when the customer comes
  // back to it: its next navigation is a page load, which shows the new release.
  const samePage = await markPage(page);
  await tabComesBack(page);
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(kitsArea(page)).toHaveAttribute('data-build', buildId);
  expect(await samePage()).toBe(false);

  // The next page load: the new release, with no shell rebuild or restart.
  await expect.poll(() => kitsBuildOnReload(page), { timeout: 30_000 }).toBe(buildId);

  const rolledBack = releaseCommand('rollback', 'kits');
  expect(rolledBack.status, rolledBack.output).toBe(0);
  expect(liveDocument('kits').live).toBe(kitsBefore);
  await expect.poll(() => kitsBuildOnReload(page), { timeout: 30_000 }).toBe(before);

  // A page that names the rolled-back release's versioned entry, after that release is deleted from the store: the
  // area still opens (the loader asks the pointer document for the live build).
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  expect(releaseCommand('promote', 'kits', [kitsNew]).status).toBe(0);
  dropRelease('kits', kitsBefore);
  // Its files must come from the servers, not from this browser's cache of the earlier visits.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  // A working area: the new release, or the old one if this page had already fetched its code.
  await expect(kitsArea(page)).toHaveAttribute('data-build', new RegExp(`^(${buildId}|${before})$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // The shell was neither rebuilt nor re-released.
  expect(liveDocument('shell').live).toBe(shell);
  expect(digest(releaseFolder('shell', shell))).toBe(shellFiles);
});

test('promoting a kits release built with another major of a shared library is refused, and customers keep the live one', async ({ page, signedIn }) => {
  expect(signedIn.email).toBeTruthy();
  const live = liveDocument('kits').live;
  const shellZustand = JSON.parse(fs.readFileSync(path.join(releaseFolder('shell', liveDocument('shell').live), 'release-contract.json'), 'utf8')).shared.zustand as string;
  // A copy of the live release whose build declares zustand 4.5 (as a remote bundling its own zustand 4 would).
  const bad = `bad${randomUUID().replace(/-/g, '').slice(0, 9)}`;
  fs.cpSync(releaseFolder('kits', live), releaseFolder('kits', bad), { recursive: true });
  const contractFile = path.join(releaseFolder('kits', bad), 'release-contract.json');
  const contract = JSON.parse(fs.readFileSync(contractFile, 'utf8'));
  fs.writeFileSync(
    contractFile,
    JSON.stringify({ ...contract, shared: { ...contract.shared, zustand: '4.5.7' }, requires: { ...contract.requires, zustand: '^4.5.7' } }),
  );

  const refused = releaseCommand('promote', 'kits', [bad]);

  expect(refused.status).not.toBe(0);
  expect(refused.output).toContain(`zustand: kits (release ${bad}) is built with 4.5.7 and needs ^4.5.7, but the live shell`);
  expect(refused.output).toContain(`provides ${shellZustand}. Fix:`);
  expect(liveDocument('kits').live).toBe(live);
  await page.goto('/home');
  await expect(kitsArea(page)).toHaveAttribute('data-build', /.+/);
});
