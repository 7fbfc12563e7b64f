import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { signInBrowser, verifyEmail, type Customer } from './api';
import { E2E_RELEASES_DIR, PORTAL_PORT, REMOTE_URLS, SAME_ORIGIN_PORTAL_PORT } from './env';

const root = path.resolve(__dirname, '..', '..');

export type App = 'shell' | 'kits' | 'profile' | 'operator' | 'extra';
// `extra`: the fifth area ship-routes.spec.ts adds from a fixture package for its length.
const packages: Record<App, string> = { shell: 'shell', kits: 'mfe-kits', profile: 'mfe-profile', operator: 'mfe-operator', extra: 'mfe-extra' };

/** live.json of an app in the run's release store. */
export function liveDocument(app: App): { live: string; history: { id: string; action: string }[] } {
  return JSON.parse(fs.readFileSync(path.join(E2E_RELEASES_DIR, app, 'live.json'), 'utf8'));
}

export const releaseFolder = (app: App, id: string) => path.join(E2E_RELEASES_DIR, app, 'releases', id);

/** `npm run <command> -w <app> -- <args>`, as an area team runs it; its exit status and everything it printed. */
export function releaseCommand(
  command: 'release' | 'promote' | 'rollback' | 'releases',
  app: App,
  args: string[] = [],
  env: Record<string, string> = {},
): { status: number | null; output: string } {
  const result = spawnSync('npm', ['run', command, '-w', packages[app], '--', ...args], {
    cwd: root,
    // The servers under test write sites of their own from the store, not <repo>/.site: the commands skip writing it.
    env: { PORTAL_SITE: 'off', ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status === 0 && (command === 'promote' || command === 'rollback')) siteCaughtUp(app);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// The names a release writes anew, served by name from the live release only (index.html is answered as a page).
const POINTERS = ['remoteEntry.js', 'expose-chunks.json', 'sw.js'];

/** Each server under test's origin for `app` (the second set of servers is the same-origin API's). */
const servedOrigins = (app: Exclude<App, 'extra'>) =>
  [PORTAL_PORT, SAME_ORIGIN_PORTAL_PORT].map(
    (base) => `http://localhost:${base + (app === 'shell' ? 0 : Number(new URL(REMOTE_URLS[app]).port) - PORTAL_PORT)}`,
  );

/** What the servers answer for each URL (its text, or null for anything but a 200), read at once in one process. */
function servedTexts(urls: string[]): (string | null)[] {
  const read = `Promise.all(JSON.parse(process.argv[1]).map((url) => fetch(url).then((r) => (r.ok ? r.text() : null), () => null))).then((texts) => process.stdout.write(JSON.stringify(texts)))`;
  const result = spawnSync(process.execPath, ['-e', read, JSON.stringify(urls)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return result.status === 0 ? (JSON.parse(result.stdout) as (string | null)[]) : urls.map(() => null);
}

function waitFor(ok: () => boolean, what: string, timeoutMs = 30_000): void {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(what);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
}

/**
 * The servers serve the site as files, written again once they see a promotion or rollback (within a second or two,
 * as a CDN's origin is after a release; nginx also reloads): a spec goes on once every server answers the live
 * release's pointers. The fifth area of ship-routes.spec has no part in them (it gets servers of its own).
 */
function siteCaughtUp(app: App): void {
  if (app === 'extra') return;
  const live = releaseFolder(app, liveDocument(app).live);
  const names = POINTERS.filter((name) => fs.existsSync(path.join(live, name)));
  const urls = servedOrigins(app).flatMap((origin) => names.map((name) => `${origin}/${name}`));
  const expected = urls.map((_, i) => fs.readFileSync(path.join(live, names[i % names.length]!), 'utf8'));
  waitFor(
    () => servedTexts(urls).every((text, i) => text === expected[i]),
    `the servers never served ${app}'s live release ${live}`,
    // Two servers each write their site again (five areas' pages) on a machine the browsers share: 30 s was too short.
    60_000,
  );
}

/** Waits until every server's pages name `text` (a canary's id, once the site is written with it), or no longer do. */
export function sitePagesName(text: string, named = true): void {
  const urls = servedOrigins('shell').map((origin) => `${origin}/`);
  waitFor(
    () => servedTexts(urls).every((page) => (page?.includes(text) ?? false) === named),
    `the served pages never ${named ? 'named' : 'stopped naming'} ${text}`,
  );
}

/**
 * Removes a release's folder from the store, as retention does, and waits until the servers (their sites written
 * again once the store changed) no longer serve the files only it had: a tab that still names them then gets a 404.
 */
export function dropRelease(app: Exclude<App, 'extra'>, id: string): void {
  const folder = releaseFolder(app, id);
  const releases = path.dirname(folder);
  const others = fs.readdirSync(releases).filter((name) => name !== id).map((name) => path.join(releases, name));
  const own = fs.readdirSync(folder).filter((name) => !others.some((other) => fs.existsSync(path.join(other, name))));
  fs.rmSync(folder, { recursive: true, force: true });
  const urls = servedOrigins(app).flatMap((origin) => own.map((name) => `${origin}/${name}`));
  waitFor(() => servedTexts(urls).every((text) => text === null), `the servers still serve the files of ${app}'s dropped release ${id}`);
}

/** Every file below `dir`, names and bytes, hashed. */
export function digest(dir: string): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(dir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The kits area on /home: its `data-build` names the kits release running in the tab. */
export const homeBuild = (page: Page) => page.locator('[data-area="kits"]').first();

/** A verified customer signed in on /home; returns the kits release running there. */
export async function signInOnHome(page: Page, customer: Customer): Promise<string> {
  await verifyEmail(customer);
  await signInBrowser(page, customer, '/home');
  await expect(homeBuild(page)).toHaveAttribute('data-build', /.+/);
  return (await homeBuild(page).getAttribute('data-build'))!;
}

/**
 * The tab becomes visible again (the customer comes back to it): it reads the releases' pointer document in the
 * background, as it does on focus, on coming back online and every 60 s while visible. Resolves once it has read it.
 */
export async function tabComesBack(page: Page): Promise<void> {
  const read = page.waitForResponse((response) => new URL(response.url()).pathname === '/releases.json');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await read;
}

/** Marks the page, so a full page load (which clears the mark) can be told from a navigation inside it. */
export async function markPage(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
  return () => page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage === true);
}
