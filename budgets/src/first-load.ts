import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { areas } from 'portal-registry';
import { earlyInputBuiltFile } from 'portal-server/src/lib/early-input-build';

export const repoRoot = path.resolve(__dirname, '../..');

// The areas and their folders, from the portal's registry.
export const remotes = Object.fromEntries(areas.map((area) => [area.name, area.dir])) as {
  [A in (typeof areas)[number] as A['name']]: A['dir'];
};
export type Remote = keyof typeof remotes;

export function distOf(pkg: string): string {
  return path.join(repoRoot, pkg, 'dist');
}

/**
 * Bytes a gzip-only client receives for one built file: the .gz file the server sends, or the file itself when
 * it is below the compression threshold (the server then sends it as is).
 */
export function gzipBytes(file: string): number {
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run \`npm run build\` first`);
  const raw = fs.readFileSync(file);
  return raw.length < 1024 ? raw.length : zlib.gzipSync(raw, { level: 9 }).length;
}

/** Scripts the shell's index.html loads or preloads: main.js and its start-up chunks. */
export function shellStartupScripts(): string[] {
  const html = fs.readFileSync(path.join(distOf('shell'), 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc=["']?\/?([^"' >]+\.js)/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel=["']?preload["']?[^>]*\bhref=["']?\/?([^"' >]+\.js)/g)].map(
    (m) => m[1]!,
  );
  return [...new Set([...scripts, ...preloads])];
}

type ExposeChunks = { exposes: Record<string, string[]> };

/** The scripts one exposed module loads after its remote's entry, as the remote's build lists them. */
export function exposeScripts(remote: Remote, expose: string): string[] {
  const listing = JSON.parse(
    fs.readFileSync(path.join(distOf(remotes[remote]), 'expose-chunks.json'), 'utf8'),
  ) as ExposeChunks;
  const files = listing.exposes[`./${expose}`];
  if (!files) throw new Error(`${remote} does not expose ./${expose}`);
  return files;
}

export type LoadedFile = { file: string; gzip: number };

/** The API client chunks the shell's build lists (route-areas.json): the serving process preloads them on a customer's page. */
export function apiClientScripts(): string[] {
  const areas = JSON.parse(fs.readFileSync(path.join(distOf('shell'), 'route-areas.json'), 'utf8')) as {
    apiClient: string[];
  };
  return areas.apiClient;
}

/**
 * The scripts of the customer's parts of shared-api (by share key, route-areas.json) that the shell's entry fetches on
 * a customer's page, beside its first reads (shared-api/src/data/first-reads.ts).
 */
export function customerPartScripts(keys: readonly string[]): string[] {
  const areas = JSON.parse(fs.readFileSync(path.join(distOf('shell'), 'route-areas.json'), 'utf8')) as {
    customerParts: Record<string, string[]>;
  };
  return keys.flatMap((key) => {
    const files = areas.customerParts[key];
    if (!files) throw new Error(`route-areas.json names no files for ${key}`);
    return files;
  });
}

const loaded = (file: string): LoadedFile => ({ file: path.relative(repoRoot, file), gzip: gzipBytes(file) });
const shellFiles = (files: string[]) => files.map((f) => loaded(path.join(distOf('shell'), f)));

/**
 * The shell's part of every cold page, from the build alone: the script every drawn page carries inline (the serving
 * process's early-input script) and the shell's start-up scripts (its HTML loads or preloads them: main.js, the
 * bootstrap chunk and its copies of every shared library, which 'loaded-first' uses). Shared libraries a page
 * consumes come from these copies, so a remote's own copies are not part of any page.
 */
export const shellStartup = (): LoadedFile[] => [loaded(earlyInputBuiltFile), ...shellFiles(shellStartupScripts())];

/** A remote's entry, which the serving process preloads for the remote's pages. */
export const remoteEntryFile = (remote: Remote): LoadedFile[] => [loaded(path.join(distOf(remotes[remote]), 'remoteEntry.js'))];

/** The chunks of one exposed module, as its remote's build lists them. */
export const exposedFiles = (remote: Remote, expose: string): LoadedFile[] =>
  exposeScripts(remote, expose).map((f) => loaded(path.join(distOf(remotes[remote]), f)));

/** A cold /login: the auth remote's ./login module, a guest page. */
export const loginFirstLoad = () => [...shellStartup(), ...remoteEntryFile('auth'), ...exposedFiles('auth', 'login')];

/** The shell's chunks of code only a customer's page runs, fetched once the page is hydrated (src/lib/deferred.tsx). */
export function customerShellScripts(): string[] {
  const names = fs.readdirSync(distOf('shell'));
  return ['customer-shell', 'email-check'].map((chunk) => {
    const file = names.find((name) => new RegExp(`^${chunk}\\.[0-9a-f]{8}\\.js$`).test(name));
    if (!file) throw new Error(`shell/dist has no ${chunk} chunk: run \`npm run build\` first`);
    return file;
  });
}

/**
 * What the shell adds on a customer's page: the API client (preloaded with the page), the customer's parts of
 * shared-api its entry fetches (the kit and wallet calls, `shared-api/customer`, and `shared-api/verification`), and
 * the chunks it fetches once the page is drawn (the session-end watch, the email verification gate).
 */
export const shellCustomer = (): LoadedFile[] =>
  shellFiles([
    ...apiClientScripts(),
    ...customerPartScripts(['shared-api/customer', 'shared-api/verification']),
    ...customerShellScripts(),
  ]);

/** A cold /home: the shell's start-up and customer parts, and the kits remote's `./home` module. */
export const homeFirstLoad = () => [...shellStartup(), ...shellCustomer(), ...remoteEntryFile('kits'), ...exposedFiles('kits', 'home')];
