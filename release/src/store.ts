import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APPS, appName, contractProblems, defaultStoreDir } from 'webpack-config/contract';

export type AppName = keyof typeof APPS;

/** `<store>/<app>/releases/<id>/release.json`: what one immutable release is. */
export interface ReleaseManifest {
  /** Content hash of the build output: identical builds have the same id. */
  id: string;
  app: AppName;
  /** When the build wrote its output (ISO 8601). */
  builtAt: string;
  /** Every file of the release, relative to its folder, sorted. */
  files: string[];
  /** A remote's versioned entry (`remoteEntry.<hash>.js`); the shell's page, `index.html`. */
  entry: string | null;
  /** Each shared singleton the app was built with, and its version. */
  shared: Record<string, string>;
  /** The range of each singleton the app needs at run time (from the shell). */
  requires: Record<string, string>;
  /** The shell's: the export names of each shared-api/shared-ui share key it provides. */
  exports?: Record<string, string[]>;
  /** A remote's: the names it imports of each shared-api/shared-ui share key. */
  imports?: Record<string, string[]>;
}

export interface Promotion {
  id: string;
  at: string;
  action: 'promote' | 'rollback';
}

/** `<store>/<app>/live.json`: the live release and every promotion, oldest first. */
export interface LiveDocument {
  app: AppName;
  live: string | null;
  history: Promotion[];
}

export interface StoreOptions {
  storeDir?: string;
  /** Report what would happen; write and delete nothing. */
  dryRun?: boolean;
  /** How many releases to retain (default PORTAL_RELEASES_KEEP, or 5); the live one is always retained. */
  keep?: number;
  now?: () => Date;
}

/** Thrown when the store refuses an operation; the message says why and what to do. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

export const DEFAULT_KEEP = 5;
const CONTRACT_FILE = 'release-contract.json';

function keepFrom(options: StoreOptions): number {
  const keep = options.keep ?? Number(process.env.PORTAL_RELEASES_KEEP || DEFAULT_KEEP);
  if (!Number.isInteger(keep) || keep < 1) throw new ReleaseError(`Retention must be a whole number of at least 1 (got ${keep}).`);
  return keep;
}

export function toAppName(nameOrDir: string): AppName {
  const name = appName(nameOrDir);
  if (!name) throw new ReleaseError(`Unknown app "${nameOrDir}": one of ${Object.keys(APPS).join(', ')}.`);
  return name;
}

const appDir = (app: AppName, storeDir: string) => path.join(storeDir, app);
const releasesDir = (app: AppName, storeDir: string) => path.join(appDir(app, storeDir), 'releases');
export const releaseDir = (app: AppName, id: string, storeDir = defaultStoreDir()) =>
  path.join(releasesDir(app, storeDir), id);

/** Every file below `dir`, relative to it with forward slashes, sorted (so the hash does not depend on the disk). */
function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/** The release id of a build output: its files' names and bytes, hashed. */
export function contentId(distDir: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(distDir)) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(distDir, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Written whole or not at all: a reader (the server, a CDN sync) sees the old document or the new one. */
function writeJsonAtomic(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

export function readLive(app: AppName, storeDir = defaultStoreDir()): LiveDocument {
  const doc = readJson<LiveDocument>(path.join(appDir(app, storeDir), 'live.json'));
  return { app, live: typeof doc?.live === 'string' ? doc.live : null, history: Array.isArray(doc?.history) ? doc.history : [] };
}

// Release folders never change once written, so their manifests are read once per process.
const manifestCache = new Map<string, ReleaseManifest>();

export function readRelease(app: AppName, id: string, storeDir = defaultStoreDir()): ReleaseManifest | null {
  const file = path.join(releaseDir(app, id, storeDir), 'release.json');
  const cached = manifestCache.get(file);
  if (cached) return cached;
  const manifest = readJson<ReleaseManifest>(file);
  if (manifest?.id !== id) return null;
  manifestCache.set(file, manifest);
  return manifest;
}

/** Every complete release of `app`, newest build first (a folder without release.json is an unfinished copy). */
export function listReleases(app: AppName, storeDir = defaultStoreDir()): ReleaseManifest[] {
  let ids: string[];
  try {
    ids = fs.readdirSync(releasesDir(app, storeDir));
  } catch {
    return [];
  }
  return ids
    .map((id) => readRelease(app, id, storeDir))
    .filter((m): m is ReleaseManifest => m !== null)
    .sort((a, b) => b.builtAt.localeCompare(a.builtAt) || a.id.localeCompare(b.id));
}

/**
 * The folders a server reads `app`'s files from: the live release first, then the other retained releases, newest
 * first. Unhashed names (index.html, remoteEntry.js, listings) come from the first only; a hashed file from the
 * first that has it, so a page served before a promotion still finds the chunks it names. Empty: nothing is live.
 */
export function releaseRoots(app: string, storeDir = defaultStoreDir()): string[] {
  const name = toAppName(app);
  const { live } = readLive(name, storeDir);
  if (!live || !readRelease(name, live, storeDir)) return [];
  const others = listReleases(name, storeDir).filter((m) => m.id !== live);
  return [live, ...others.map((m) => m.id)].map((id) => releaseDir(name, id, storeDir));
}

/** The build's contract (versions built with, ranges required), written by webpack-config into dist. */
function readContract(distDir: string): Pick<ReleaseManifest, 'shared' | 'requires' | 'exports' | 'imports'> {
  const contract = readJson<Pick<ReleaseManifest, 'shared' | 'requires' | 'exports' | 'imports'>>(path.join(distDir, CONTRACT_FILE));
  if (!contract?.shared) {
    throw new ReleaseError(`${distDir} has no ${CONTRACT_FILE}: build it with the current webpack-config first.`);
  }
  const { shared, requires = {}, exports, imports } = contract;
  return { shared, requires, ...(exports ? { exports } : {}), ...(imports ? { imports } : {}) };
}

export interface AddResult {
  manifest: ReleaseManifest;
  /** False: an identical build was already in the store, under the same id. */
  created: boolean;
  /** Releases retention removed (or would remove, in a dry run). */
  removed: string[];
}

/** Copies a build output into the store as a new release (not live). An identical build is not added twice. */
export function addRelease(appOrDir: string, distDir: string, options: StoreOptions = {}): AddResult {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new ReleaseError(`${distDir} holds no build: run \`npm run build -w ${APPS[app]}\` first.`);
  }
  const id = contentId(distDir);
  const existing = readRelease(app, id, storeDir);
  if (existing) return { manifest: existing, created: false, removed: [] };

  const files = listFiles(distDir);
  const builtAt = new Date(Math.max(...files.map((f) => fs.statSync(path.join(distDir, f)).mtimeMs))).toISOString();
  const listing = readJson<{ entry?: string }>(path.join(distDir, 'expose-chunks.json'));
  const manifest: ReleaseManifest = {
    id,
    app,
    builtAt,
    files,
    entry: app === 'shell' ? 'index.html' : (listing?.entry ?? null),
    ...readContract(distDir),
  };
  if (options.dryRun) return { manifest, created: true, removed: pruneCandidates(app, storeDir, keepFrom(options), [manifest]) };

  // Copied under a temporary name and renamed: a release folder is complete or absent.
  const target = releaseDir(app, id, storeDir);
  const tmp = `${target}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(distDir, tmp, { recursive: true, preserveTimestamps: true });
  fs.writeFileSync(path.join(tmp, 'release.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    fs.renameSync(tmp, target);
  } catch (error) {
    // Another process released the same build at the same moment (two servers starting): that copy stands.
    fs.rmSync(tmp, { recursive: true, force: true });
    const theirs = readRelease(app, id, storeDir);
    if (!theirs) throw error;
    return { manifest: theirs, created: false, removed: [] };
  }
  const removed = prune(app, { ...options, storeDir });
  return { manifest, created: true, removed };
}

/** Which releases retention would remove: beyond the newest `keep`, never the live one. */
function pruneCandidates(app: AppName, storeDir: string, keep: number, extra: ReleaseManifest[] = []): string[] {
  const { live } = readLive(app, storeDir);
  const all = [...extra, ...listReleases(app, storeDir)].sort((a, b) => b.builtAt.localeCompare(a.builtAt));
  return all.slice(keep).map((m) => m.id).filter((id) => id !== live);
}

/** Removes the releases beyond the retention (never the live one) and returns their ids. */
export function prune(appOrDir: string, options: StoreOptions = {}): string[] {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  const ids = pruneCandidates(app, storeDir, keepFrom(options));
  if (!options.dryRun) for (const id of ids) fs.rmSync(releaseDir(app, id, storeDir), { recursive: true, force: true });
  return ids;
}

/** Why `candidate` cannot go live beside the other apps' live releases; empty when it can. */
export function promotionProblems(candidate: ReleaseManifest, storeDir = defaultStoreDir()): string[] {
  const live = (app: AppName) => {
    const { live: id } = readLive(app, storeDir);
    return id ? readRelease(app, id, storeDir) : null;
  };
  if (candidate.app !== 'shell') {
    const shell = live('shell');
    return shell ? contractProblems(shell, candidate) : [];
  }
  // A shell goes live under every live remote: each must still find what it needs.
  return (Object.keys(APPS) as AppName[])
    .filter((app) => app !== 'shell')
    .flatMap((app) => {
      const remote = live(app);
      return remote ? contractProblems(candidate, remote) : [];
    });
}

/** live.json naming `id`, with the step added to the history. */
function writeLive(app: AppName, storeDir: string, doc: LiveDocument, id: string, action: Promotion['action'], options: StoreOptions) {
  const at = (options.now?.() ?? new Date()).toISOString();
  const next: LiveDocument = { app, live: id, history: [...doc.history, { id, at, action }] };
  writeJsonAtomic(path.join(appDir(app, storeDir), 'live.json'), next);
}

export interface PromoteResult {
  app: AppName;
  id: string;
  previous: string | null;
  /** False: it was already live, nothing changed. */
  changed: boolean;
}

function switchLive(app: AppName, target: ReleaseManifest, action: Promotion['action'], options: StoreOptions): PromoteResult {
  const storeDir = options.storeDir ?? defaultStoreDir();
  const doc = readLive(app, storeDir);
  if (doc.live === target.id) return { app, id: target.id, previous: doc.live, changed: false };
  const problems = promotionProblems(target, storeDir);
  if (problems.length > 0) {
    throw new ReleaseError(
      `Refused: ${app} release ${target.id} cannot go live; ${doc.live ? `${doc.live} stays live` : 'nothing changes'}.\n  ${problems.join('\n  ')}`,
    );
  }
  if (!options.dryRun) writeLive(app, storeDir, doc, target.id, action, options);
  return { app, id: target.id, previous: doc.live, changed: true };
}

/** Makes a release live (default: the newest), after the version contract check. */
export function promote(appOrDir: string, id?: string, options: StoreOptions = {}): PromoteResult {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  const releases = listReleases(app, storeDir);
  const matches = id ? releases.filter((m) => m.id.startsWith(id)) : releases.slice(0, 1);
  if (matches.length !== 1) {
    throw new ReleaseError(
      matches.length === 0
        ? `${app} has no release ${id ?? ''}`.trim() + ': `npm run releases -w ' + APPS[app] + '` lists them.'
        : `"${id}" names ${matches.length} releases of ${app}: give more of the id.`,
    );
  }
  return switchLive(app, matches[0] as ReleaseManifest, 'promote', options);
}

/**
 * The release that was live before the current one: promotions stack up and each rollback pops one, so two
 * rollbacks go back two releases. Releases retention has removed are skipped.
 */
export function rollbackTarget(app: AppName, storeDir = defaultStoreDir()): string | null {
  const stack: string[] = [];
  for (const step of readLive(app, storeDir).history) {
    if (step.action === 'rollback') {
      while (stack.length > 0 && stack[stack.length - 1] !== step.id) stack.pop();
      if (stack.length === 0) stack.push(step.id);
    } else stack.push(step.id);
  }
  stack.pop();
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (readRelease(app, id, storeDir)) return id;
  }
  return null;
}

export function rollback(appOrDir: string, options: StoreOptions = {}): PromoteResult {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  const id = rollbackTarget(app, storeDir);
  const target = id ? readRelease(app, id, storeDir) : null;
  if (!target) throw new ReleaseError(`${app} has no earlier live release in the store to roll back to.`);
  return switchLive(app, target, 'rollback', options);
}

/**
 * Promotes several releases as one change (`npm start` after a whole-portal build), so a shell and remotes moved to
 * a new major together are checked against each other, not against the live ones they replace. A remote the
 * resulting shell cannot run stays on its live release; a shell that some remaining live remote cannot run under
 * stays too (and the remotes are checked again against the live shell). Returns what went live and what was refused.
 */
export function promoteTogether(
  ids: Partial<Record<AppName, string>>,
  options: StoreOptions = {},
): { promoted: PromoteResult[]; refused: string[] } {
  const storeDir = options.storeDir ?? defaultStoreDir();
  const live = (app: AppName) => {
    const { live: id } = readLive(app, storeDir);
    return id ? readRelease(app, id, storeDir) : null;
  };
  const candidates = new Map<AppName, ReleaseManifest>();
  for (const [app, id] of Object.entries(ids) as [AppName, string][]) {
    const manifest = readRelease(app, id, storeDir);
    if (!manifest) throw new ReleaseError(`${app} has no release ${id}.`);
    if (readLive(app, storeDir).live !== id) candidates.set(app, manifest);
  }
  const refused: string[] = [];
  const remotes = (Object.keys(APPS) as AppName[]).filter((app) => app !== 'shell');
  for (;;) {
    const shell = candidates.get('shell') ?? live('shell');
    for (const app of remotes) {
      const candidate = candidates.get(app);
      const problems = candidate && shell ? contractProblems(shell, candidate) : [];
      if (problems.length > 0) {
        candidates.delete(app);
        refused.push(`Refused: ${app} release ${candidate?.id} stays unpromoted.\n  ${problems.join('\n  ')}`);
      }
    }
    const shellCandidate = candidates.get('shell');
    if (!shellCandidate) break;
    const problems = remotes.flatMap((app) => {
      const remote = candidates.get(app) ?? live(app);
      return remote ? contractProblems(shellCandidate, remote) : [];
    });
    if (problems.length === 0) break;
    candidates.delete('shell');
    refused.push(`Refused: shell release ${shellCandidate.id} stays unpromoted.\n  ${problems.join('\n  ')}`);
  }
  const order = (['shell', ...remotes] as AppName[]).filter((app) => candidates.has(app));
  const promoted = order.map((app) => {
    const target = candidates.get(app) as ReleaseManifest;
    const doc = readLive(app, storeDir);
    if (!options.dryRun) writeLive(app, storeDir, doc, target.id, 'promote', options);
    return { app, id: target.id, previous: doc.live, changed: true };
  });
  return { promoted, refused };
}
