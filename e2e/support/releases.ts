import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { signInBrowser, verifyEmail, type Customer } from './api';
import { E2E_RELEASES_DIR } from './env';

const root = path.resolve(__dirname, '..', '..');

export type App = 'shell' | 'kits' | 'profile' | 'extra';
// `extra`: the fifth area ship-routes.spec.ts adds from a fixture package for its length.
const packages: Record<App, string> = { shell: 'shell', kits: 'mfe-kits', profile: 'mfe-profile', extra: 'mfe-extra' };

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
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
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
