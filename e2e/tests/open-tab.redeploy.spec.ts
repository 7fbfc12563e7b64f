import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { createKit, signInBrowser, verifyEmail } from '../support/api';
import { dropRelease, homeBuild, liveDocument, mainNav, markPage, releaseCommand, signInOnHome, tabComesBack } from '../support/releases';

// Runs in the redeploy project, after every other spec: it releases, promotes and rolls back the kits remote under
// the running servers.
test.describe.configure({ mode: 'serial' });

/**
 * A new kits build released and made live. `dropPrevious`: the release it replaces is then deleted from the store
 * (as retention does), so its chunks answer 404.
 */
function shipKits({ dropPrevious = false } = {}): string {
  const buildId = `open-tab-${randomUUID().slice(0, 8)}`;
  const previous = liveDocument('kits').live;
  const released = releaseCommand('release', 'kits', [], { PORTAL_BUILD_ID: buildId });
  expect(released.status, released.output).toBe(0);
  const promoted = releaseCommand('promote', 'kits');
  expect(promoted.status, promoted.output).toBe(0);
  if (dropPrevious) dropRelease('kits', previous);
  return buildId;
}

/** What the tab sends to the network from now on: a click must send no read of what is live. */
function requestsFrom(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => sent.push(new URL(request.url()).pathname));
  return sent;
}

test('a visible open tab reaches a promoted release at its first navigation 60 s after the promotion, and at once after a visibility change', async ({
  context,
  customer,
}) => {
  test.setTimeout(300_000);
  await verifyEmail(customer);
  // Two tabs on Billing, with the kits area's code running in each (Home was their first screen).
  const tabs: Page[] = [];
  for (const signIn of [true, false]) {
    const tab = await context.newPage();
    // The tab's own timers run on a clock the test moves: 60 s pass without waiting for them.
    await tab.clock.install();
    if (signIn) await signInOnHome(tab, customer);
    else await tab.goto('/home');
    await expect(homeBuild(tab)).toHaveAttribute('data-build', /.+/);
    await mainNav(tab).getByRole('link', { name: 'Billing' }).click();
    await expect(tab.locator('[data-area="billing"]').first()).toBeAttached();
    tabs.push(tab);
  }
  const [waiting, returning] = tabs as [Page, Page];
  const marks = await Promise.all(tabs.map(markPage));

  const buildId = shipKits();

  // One tab stays visible: within 60 s it has read the pointer by itself.
  const read = waiting.waitForResponse((response) => new URL(response.url()).pathname === '/releases.json');
  await waiting.clock.fastForward('01:00');
  await read;
  // The other is left and comes back to: it reads the pointer at once.
  await tabComesBack(returning);

  for (const [index, tab] of tabs.entries()) {
    const sent = requestsFrom(tab);
    await mainNav(tab).getByRole('link', { name: 'Home' }).click();
    await expect(homeBuild(tab)).toHaveAttribute('data-build', buildId);
    // The navigation was a page load of the live release; the click itself read nothing.
    expect(await marks[index]!()).toBe(false);
    expect(sent.filter((pathname) => /releases\.json|expose-chunks\.json/.test(pathname))).toEqual([]);
  }
});

test('a rolled-back build on screen is replaced within 60 s and never shown again, after the dialog the customer has open closes', async ({
  context,
  customer,
}) => {
  test.setTimeout(300_000);
  await verifyEmail(customer);
  const before = liveDocument('kits').live;
  const shipped = shipKits();
  const tab = await context.newPage();
  await tab.clock.install();
  await signInOnHome(tab, customer);
  await expect(homeBuild(tab)).toHaveAttribute('data-build', shipped);

  const rolledBack = releaseCommand('rollback', 'kits');
  expect(rolledBack.status, rolledBack.output).toBe(0);
  expect(liveDocument('kits').live).toBe(before);

  // The customer is adding a kit when the tab learns of the rollback: the page waits for the dialog to close.
  await tab.getByRole('button', { name: 'Add kit' }).first().click();
  const dialog = tab.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const samePage = await markPage(tab);
  const read = tab.waitForResponse((response) => new URL(response.url()).pathname === '/releases.json');
  await tab.clock.fastForward('01:00');
  await read;
  await expect(dialog).toBeVisible();
  expect(await samePage()).toBe(true);

  const replaced = tab.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await replaced;
  await expect(homeBuild(tab)).not.toHaveAttribute('data-build', shipped);
  const live = (await homeBuild(tab).getAttribute('data-build'))!;
  // Never shown again: the next visits to the area run the live release.
  await mainNav(tab).getByRole('link', { name: 'Billing' }).click();
  await expect(tab.locator('[data-area="billing"]').first()).toBeAttached();
  await mainNav(tab).getByRole('link', { name: 'Home' }).click();
  await expect(homeBuild(tab)).toHaveAttribute('data-build', live);
});

test('a tab that ran the kits entry before a rebuild and asks for a deleted chunk is told a new version is available, never to check the connection', async ({
  page,
  customer,
}) => {
  test.setTimeout(300_000);
  await verifyEmail(customer);
  const kit = await createKit(customer);
  // On a kit's dashboard: its entry and the dashboard's code ran, the home page's chunk was never asked for.
  await signInBrowser(page, customer, `/dashboard/${kit.id}`);
  await expect(page.locator('[data-area="kits"]').first()).toHaveAttribute('data-build', /.+/);

  // The tab has not learnt of the release yet: its click asks the build it runs for a chunk that is gone.
  const buildId = shipKits({ dropPrevious: true });

  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  const told = page.getByRole('alert').filter({ hasText: 'A new version of Home is available.' });
  await expect(told).toBeVisible();
  await expect(page.getByText(/check your connection/i)).toHaveCount(0);
  await told.getByRole('button', { name: 'Reload' }).click();
  await expect(homeBuild(page)).toHaveAttribute('data-build', buildId);
});
