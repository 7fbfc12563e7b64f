import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { createCustomer, operator, storeSessionBeforeScripts } from '../support/api';
import { E2E_DATA_DIR, E2E_RELEASES_DIR } from '../support/env';
import { applyOverlay } from '../support/overlay';
import { liveDocument, releaseCommand, sitePagesName } from '../support/releases';

// Its own project, after ship-routes (both change the kits sources for a while): it releases a faulty kits build under
// the running servers and watches its canary.
test.describe.configure({ mode: 'serial' });

const root = path.resolve(__dirname, '..', '..');
const kitsArea = '[data-area="kits"]';

/** The share each browser keeps in local storage: 0-99, the canary goes to the browsers below its percentage. */
const SHARE_KEY = 'portal_canary_share';

/**
 * The kits team's faulty change (e2e/fixtures/kits-home-throws): /home names the customer's first kit, and throws while
 * rendering for a customer with none, as every customer this spec creates. Released as the README says, the sources
 * (and the area's build output) put back whatever happens; returns the release's id.
 */
function releaseHomeThatThrows(): string {
  const restore = applyOverlay('mfe-kits', {
    fixture: 'kits-home-throws',
    edits: [
      {
        file: 'src/features/home/components/home-page.tsx',
        from: "import { WalletSummary } from './wallet-summary';",
        to: "import { WalletSummary } from './wallet-summary';\nimport { FirstKit } from './first-kit';",
      },
      {
        file: 'src/features/home/components/home-page.tsx',
        from: '<PendingPaymentCard />',
        to: '<FirstKit kits={kits} ready={loaded && !loading && !failed} />\n      <PendingPaymentCard />',
      },
    ],
  });
  try {
    const released = releaseCommand('release', 'kits', [], { PORTAL_BUILD_ID: `canary-${randomUUID().slice(0, 8)}` });
    expect(released.status, released.output).toBe(0);
    const id = /released (\w+)/.exec(released.output)?.[1];
    expect(id).toBeDefined();
    return id!;
  } finally {
    restore();
  }
}

/**
 * One signed-in customer's visit to /home in a browser of its own (the API counts reports only with a customer's
 * session, one customer per release), with the share given; its build. The browser is left open on a blank page, so
 * the keepalive request its leaving sent (Web Vitals) is not cut off: `closeBrowsers` ends them.
 */
async function visitHome(browser: Browser, share: number): Promise<{ build: string | null; failed: boolean }> {
  const context = await browser.newContext();
  left.push(context);
  const page = await context.newPage();
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [SHARE_KEY, String(share)] as const);
  await storeSessionBeforeScripts(page, await createCustomer());
  // The reporter's first batch leaves a few seconds after the area loaded (and failed, where it fails): by then
  // the page shows what it will show.
  const reported = page.waitForResponse((r) => r.url().endsWith('/api/v1/client_reports') && r.request().method() === 'POST', { timeout: 30_000 });
  await page.goto('/home');
  expect((await reported).status()).toBe(204);
  const failed = await page.getByRole('button', { name: 'Retry' }).isVisible();
  if (!failed) await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const build = failed ? null : await page.locator(kitsArea).first().getAttribute('data-build');
  // Leaving the page sends its Web Vitals by a keepalive request, which outlives the page.
  await page.goto('about:blank');
  return { build, failed };
}

const left: BrowserContext[] = [];
const closeBrowsers = () => Promise.all(left.splice(0).map((context) => context.close()));
test.afterAll(closeBrowsers);

/** `npm run promote -w mfe-kits -- <args>` running in the background, as a team leaves it watching. */
function startWatch(args: string[]) {
  const child = spawn('npm', ['run', 'promote', '-w', 'mfe-kits', '--', ...args], {
    cwd: root,
    // The API's operator command line reads the health figures from the running API of this run; the servers under
    // test read the store, so no site folder is written (as releaseCommand).
    env: { PORTAL_SITE: 'off', ...process.env, DATA_DIR: E2E_DATA_DIR, PORTAL_RELEASES_DIR: E2E_RELEASES_DIR },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exited, output: () => output, stop: () => child.kill() };
}

const historyOf = () =>
  fs
    .readFileSync(path.join(E2E_RELEASES_DIR, 'kits', 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: string; action: string; percent?: number; reason?: string });

test('a kits canary whose home page throws for customers without a kit is rolled back by the watch, and no customer is left on it', async ({ browser }) => {
  test.setTimeout(600_000);
  const live = liveDocument('kits').live;
  const liveBuild = (await visitHome(browser, 99)).build;
  expect(liveBuild).toEqual(expect.any(String));

  const canary = releaseHomeThatThrows();

  // Half of the browsers, so a handful of visits reaches both sides. The watch's own rule decides: its sequential test
  // rolls back a canary whose first customers fail while live ones do not (release/README.md, "Health and canary").
  const watch = startWatch(['--canary', '50', '--watch', '--interval', '2', '--timeout', '300']);
  try {
    await expect.poll(() => liveDocument('kits') as unknown as { canary?: { id: string } }, { timeout: 60_000 }).toMatchObject({ canary: { id: canary } });
    expect(liveDocument('kits').live).toBe(live);
    sitePagesName(canary);

    // Customers arrive, none with a kit yet: those in the canary's share get its home page, which throws (until the
    // watch has rolled it back); the others get the live one.
    let decided = false;
    void watch.exited.then(() => (decided = true));
    let failures = 0;
    // Two at a time, one on each side, as customers arrive together.
    for (let visit = 0; visit < 10 && !decided; visit += 1) {
      const [inCanary, inLive] = await Promise.all([visitHome(browser, visit * 5), visitHome(browser, 50 + visit * 5)]);
      expect([{ build: null, failed: true }, { build: liveBuild, failed: false }]).toContainEqual(inCanary);
      if (inCanary.failed) failures += 1;
      expect(inLive).toEqual({ build: liveBuild, failed: false });
    }
    expect(failures).toBeGreaterThanOrEqual(3);

    // The watch sees the canary's error rate significantly above the live release's and rolls it back by itself,
    // on its first failing customers.
    expect(await watch.exited, watch.output()).toBe(2);
  } finally {
    watch.stop();
  }
  expect(watch.output()).toMatch(new RegExp(`kits: rolled back canary ${canary}; ${live} stays live for everyone: error rate significantly above the live release's \\(canary \\d+/\\d+ customers with an error`));
  expect(liveDocument('kits')).toMatchObject({ live, canary: null });
  expect(historyOf().slice(-2)).toEqual([
    { id: canary, at: expect.any(String), action: 'canary', percent: 50 },
    { id: canary, at: expect.any(String), action: 'canary-rolled-back', reason: expect.stringContaining('significantly above') },
  ]);

  // No customer is left on it: a browser in the canary's share gets the live home page at its next visit.
  await expect.poll(async () => (await visitHome(browser, 0)).build, { timeout: 30_000 }).toBe(liveBuild);

  // The live release's Web Vitals came by the visits' keepalive requests as they left.
  const liveHealth = async () => (await operator<Array<{ release: string; p75_lcp: number | null }>>({ cmd: 'release-health', app: 'kits' })).find((row) => row.release === live);
  await expect.poll(async () => (await liveHealth())?.p75_lcp ?? null, { timeout: 30_000 }).toEqual(expect.any(Number));
  await closeBrowsers();

  // The kits team's list: the rolled-back canary with its health beside the live release, and the history.
  const listed = releaseCommand('releases', 'kits', [], { DATA_DIR: E2E_DATA_DIR });
  expect(listed.status, listed.output).toBe(0);
  expect(listed.output).toMatch(/customers\s+errors\/1k\s+p75 LCP\s+p75 INP/);
  expect(listed.output).toMatch(new RegExp(`rolled back\\s+${canary}\\s+\\d+\\s+[1-9][\\d.]*\\s`));
  expect(listed.output).toMatch(new RegExp(`\\* live\\s+${live}\\s+\\d+\\s+[\\d.]+\\s+\\d+ ms`));
  expect(listed.output).toMatch(new RegExp(`canary-rolled-back\\s+${canary}\\s+error rate significantly above`));
});
