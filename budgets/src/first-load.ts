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
export type LoadedFile = { file: string; gzip: number };

export const distOf = (pkg: string) => path.join(repoRoot, pkg, 'dist');
const json = <T>(pkg: string, file: string) => JSON.parse(fs.readFileSync(path.join(distOf(pkg), file), 'utf8')) as T;

/**
 * Bytes a gzip-only client receives for one built file: the .gz file the server sends, or the file itself when
 * it is below the compression threshold (the server then sends it as is).
 */
function loaded(file: string): LoadedFile {
  if (fs.existsSync(`${file}.gz`)) return { file: path.relative(repoRoot, file), gzip: fs.statSync(`${file}.gz`).size };
  if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run \`npm run build\` first`);
  const raw = fs.readFileSync(file);
  return { file: path.relative(repoRoot, file), gzip: raw.length < 1024 ? raw.length : zlib.gzipSync(raw, { level: 9 }).length };
}
const shellFiles = (files: string[]) => files.map((f) => loaded(path.join(distOf('shell'), f)));

/**
 * The shell's part of every cold page, from the build alone: the script every drawn page carries inline (the serving
 * process's early-input script) and the scripts the shell's HTML loads or preloads (main.js, the bootstrap chunk and
 * its copies of every shared library, which 'loaded-first' uses). Shared libraries a page consumes come from these
 * copies, so a remote's own copies are not part of any page.
 */
export function shellStartup(): LoadedFile[] {
  const html = fs.readFileSync(path.join(distOf('shell'), 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc=["']?\/?([^"' >]+\.js)/g)].map((m) => m[1] as string);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel=["']?preload["']?[^>]*\bhref=["']?\/?([^"' >]+\.js)/g)].map((m) => m[1] as string);
  return [loaded(earlyInputBuiltFile), ...shellFiles([...new Set([...scripts, ...preloads])])];
}

/** A remote's entry, which the serving process preloads for the remote's pages. */
export const remoteEntryFile = (remote: Remote): LoadedFile[] => [loaded(path.join(distOf(remotes[remote]), 'remoteEntry.js'))];

/** The chunks of one exposed module, as its remote's build lists them (expose-chunks.json). */
export function exposedFiles(remote: Remote, expose: string): LoadedFile[] {
  const files = json<{ exposes: Record<string, string[]> }>(remotes[remote], 'expose-chunks.json').exposes[`./${expose}`];
  if (!files) throw new Error(`${remote} does not expose ./${expose}`);
  return files.map((f) => loaded(path.join(distOf(remotes[remote]), f)));
}

/**
 * What the shell adds on a customer's page: the API client (preloaded with the page), the customer's parts of
 * shared-api its entry fetches (`shared-api/customer` and `shared-api/verification`, by share key in its
 * mf-manifest.json), and the chunks it fetches once the page is drawn (the session-end watch, the email verification
 * gate, src/lib/deferred.tsx).
 */
export function shellCustomer(): LoadedFile[] {
  const { shared } = json<{ shared: { name: string; assets: { js: { sync: string[] } } }[] }>('shell', 'mf-manifest.json');
  const parts = ['shared-api/customer', 'shared-api/verification'].flatMap((key) => {
    const files = shared.find((library) => library.name === key)?.assets.js.sync;
    if (!files?.length) throw new Error(`shell/dist/mf-manifest.json names no files for ${key}`);
    return files;
  });
  const names = fs.readdirSync(distOf('shell'));
  const deferred = ['http-client', 'customer-shell', 'email-check'].map((chunk) => {
    const file = names.find((name) => new RegExp(`^${chunk}\\.[0-9a-f]{8}\\.js$`).test(name));
    if (!file) throw new Error(`shell/dist has no ${chunk} chunk: run \`npm run build\` first`);
    return file;
  });
  return shellFiles([...parts, ...deferred]);
}

/** A cold /login: the auth remote's ./login module, a guest page. */
export const loginFirstLoad = () => [...shellStartup(), ...remoteEntryFile('auth'), ...exposedFiles('auth', 'login')];

/** A cold /home: the shell's start-up and customer parts, and the kits remote's `./home` module. */
export const homeFirstLoad = () => [...shellStartup(), ...shellCustomer(), ...remoteEntryFile('kits'), ...exposedFiles('kits', 'home')];
