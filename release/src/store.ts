import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APPS, appName, defaultStoreDir } from 'webpack-config/contract';
import { problemsBetween } from './contract';
import { ReleaseError } from './errors';
import { type Canary, type History, type Promotion, type Step, appDir, appendSteps, canaryOf, isPromotion, pointerFile, readHistory, writePointer } from './history';
import { withStoreLock } from './lock';

export { ReleaseError } from './errors';
export type { Canary, Promotion, Step } from './history';

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

/** What is live, from the promotion history (`history.jsonl`), and what that history says of each release. */
export interface LiveDocument {
  app: AppName;
  live: string | null;
  /** Every promotion and rollback, oldest first. */
  history: Promotion[];
  /** Releases that were live until a rollback replaced them (and were not promoted again since). */
  rolledBack: string[];
  /** Releases whose promotion the version contract refused and that never went live. */
  refused: string[];
  /** The release given to a share of browsers beside the live one (`promote --canary`), if any. */
  canary: Canary | null;
  /** Every step of the history, canaries and refusals included, oldest first. */
  steps: Step[];
}

export interface StoreOptions {
  storeDir?: string;
  /** Report what would happen; write and delete nothing. */
  dryRun?: boolean;
  /** How many releases to retain (default PORTAL_RELEASES_KEEP, or 5); see `pruneCandidates` for what else stays. */
  keep?: number;
  now?: () => Date;
}

export const DEFAULT_KEEP = 5;
const CONTRACT_FILE = 'release-contract.json';
const MANIFEST = 'release.json';

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

const releasesDir = (app: AppName, storeDir: string) => path.join(appDir(app, storeDir), 'releases');
export const releaseDir = (app: AppName, id: string, storeDir = defaultStoreDir()) =>
  path.join(releasesDir(app, storeDir), id);
/** Release folders are named by their id; a copy under way or a folder being removed has a longer name. */
const isReleaseId = (name: string) => /^[0-9a-f]{12}$/.test(name);

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

/** The release id of a build output: its files' names and bytes, hashed (a release folder's manifest left out). */
export function contentId(distDir: string, { releaseFolder = false } = {}): string {
  const hash = createHash('sha256');
  for (const file of listFiles(distDir)) {
    if (releaseFolder && file === MANIFEST) continue;
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

/** Written whole or not at all: a reader sees the old file or the new one. */
function writeJsonAtomic(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

// ---------------------------------------------------------------------------------------------------------------
// The history: what is live

function historyOrThrow(app: AppName, storeDir: string): History {
  const history = readHistory(app, storeDir);
  if (history.unreadable) throw new ReleaseError(history.unreadable);
  return history;
}

function documentOf(app: AppName, steps: Step[]): LiveDocument {
  let live: string | null = null;
  const rolledBack = new Set<string>();
  const promoted = new Set<string>();
  const refused = new Set<string>();
  for (const step of steps) {
    if (step.action === 'refused') {
      refused.add(step.id);
      continue;
    }
    if (step.action === 'canary') continue;
    if (step.action === 'canary-rolled-back') {
      // A canary taken back counts as rolled back: only its id ships it again.
      rolledBack.add(step.id);
      continue;
    }
    promoted.add(step.id);
    if (step.action === 'rollback' && live && live !== step.id) rolledBack.add(live);
    // A release promoted by its id after its rollback was chosen again, on purpose.
    rolledBack.delete(step.id);
    live = step.id;
  }
  return {
    app,
    live,
    history: steps.filter(isPromotion),
    rolledBack: [...rolledBack],
    refused: [...refused].filter((id) => !promoted.has(id)),
    canary: canaryOf(steps),
    steps,
  };
}

/**
 * The live release and the promotion history. Throws (a ReleaseError saying what is wrong and the fix) when no
 * history can be read at all: a server then keeps what it served, and never falls back to an unreleased build.
 */
export function readLive(app: AppName, storeDir = defaultStoreDir()): LiveDocument {
  return documentOf(app, historyOrThrow(app, storeDir).steps);
}

// ---------------------------------------------------------------------------------------------------------------
// Releases

// Release folders never change once written, so a manifest is parsed once per process while its file stays the same
// (one stat per read: a manifest damaged since is noticed).
const manifestCache = new Map<string, { key: string; manifest: ReleaseManifest }>();

type ManifestState = { manifest: ReleaseManifest } | { damage: string } | { missing: true };

function manifestState(app: AppName, id: string, storeDir: string): ManifestState {
  const file = path.join(releaseDir(app, id, storeDir), MANIFEST);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    // A release folder is renamed into place with its manifest: one without it lost it.
    return fs.existsSync(path.dirname(file)) ? { damage: 'it is missing' } : { missing: true };
  }
  const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  const cached = manifestCache.get(file);
  if (cached?.key === key) return { manifest: cached.manifest };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { damage: (error as Error).message };
  }
  try {
    const manifest = JSON.parse(text) as ReleaseManifest;
    if (manifest?.id !== id || manifest.app !== app || !Array.isArray(manifest.files) || !manifest.shared) {
      return { damage: 'it does not describe this release' };
    }
    manifestCache.set(file, { key, manifest });
    return { manifest };
  } catch (error) {
    return { damage: text.trim() === '' ? 'it is empty' : (error as Error).message };
  }
}

export function readRelease(app: AppName, id: string, storeDir = defaultStoreDir()): ReleaseManifest | null {
  const state = manifestState(app, id, storeDir);
  return 'manifest' in state ? state.manifest : null;
}

const damagedManifest = (app: AppName, id: string, storeDir: string, damage: string) =>
  `${app}: ${path.join(releaseDir(app, id, storeDir), MANIFEST)} is damaged (${damage}); \`npx tsx release/src/cli.ts releases --app ${app}\` rebuilds it from the release's own files.`;

/** A release's manifest, or a ReleaseError saying why it cannot be used. */
function requireRelease(app: AppName, id: string, storeDir: string): ReleaseManifest {
  const state = manifestState(app, id, storeDir);
  if ('manifest' in state) return state.manifest;
  if ('damage' in state) throw new ReleaseError(damagedManifest(app, id, storeDir, state.damage));
  throw new ReleaseError(`${app} has no release ${id}: \`npm run releases -w ${APPS[app]}\` lists them.`);
}

const releaseIds = (app: AppName, storeDir: string): string[] => {
  try {
    return fs.readdirSync(releasesDir(app, storeDir)).filter(isReleaseId);
  } catch {
    return [];
  }
};

const newestFirst = (a: ReleaseManifest, b: ReleaseManifest) => b.builtAt.localeCompare(a.builtAt) || a.id.localeCompare(b.id);

/** Every complete release of `app`, newest build first (a folder without release.json is an unfinished copy). */
export function listReleases(app: AppName, storeDir = defaultStoreDir()): ReleaseManifest[] {
  return releaseIds(app, storeDir)
    .map((id) => readRelease(app, id, storeDir))
    .filter((m): m is ReleaseManifest => m !== null)
    .sort(newestFirst);
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

/** The manifest of a build output (a dist folder, or a release folder whose manifest is being rebuilt). */
function describe(app: AppName, id: string, dir: string): ReleaseManifest {
  const files = listFiles(dir).filter((file) => file !== MANIFEST);
  const builtAt = new Date(Math.max(...files.map((f) => fs.statSync(path.join(dir, f)).mtimeMs))).toISOString();
  const listing = readJson<{ entry?: string }>(path.join(dir, 'expose-chunks.json'));
  return { id, app, builtAt, files, entry: app === 'shell' ? 'index.html' : (listing?.entry ?? null), ...readContract(dir) };
}

/**
 * The folders a server reads `app`'s files from: the live release first, then the other retained releases, newest
 * first. Unhashed names (index.html, remoteEntry.js, listings) come from the first only; a hashed file from the
 * first that has it, so a page served before a promotion still finds the chunks it names. Empty: nothing is live.
 * Throws when the history cannot be read or the live release's folder is gone: the caller keeps what it served.
 */
export function releaseRoots(app: string, storeDir = defaultStoreDir()): string[] {
  const name = toAppName(app);
  const { live } = readLive(name, storeDir);
  if (!live) return [];
  // The live release is served from its folder even when its manifest is damaged: the files are what customers get.
  if (!fs.existsSync(releaseDir(name, live, storeDir))) {
    throw new ReleaseError(
      `${name}: the live release ${live} is missing from ${releasesDir(name, storeDir)}: promote another one (\`npm run promote -w ${APPS[name]} -- <id>\`).`,
    );
  }
  const others = listReleases(name, storeDir).filter((m) => m.id !== live);
  return [live, ...others.map((m) => m.id)].map((id) => releaseDir(name, id, storeDir));
}

export interface AddResult {
  manifest: ReleaseManifest;
  /** False: an identical build was already in the store, under the same id. */
  created: boolean;
  /** Releases retention removed (or would remove, in a dry run). */
  removed: string[];
  /** The identical release's damaged manifest was rebuilt from its files. */
  repaired?: boolean;
}

/** Copies a build output into the store as a new release (not live). An identical build is not added twice. */
export function addRelease(appOrDir: string, distDir: string, options: StoreOptions = {}): AddResult {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new ReleaseError(`${distDir} holds no build: run \`npm run build -w ${APPS[app]}\` first.`);
  }
  const id = contentId(distDir);
  const state = manifestState(app, id, storeDir);
  if ('manifest' in state) return { manifest: state.manifest, created: false, removed: [] };
  if ('damage' in state) {
    const repaired = options.dryRun ? describe(app, id, distDir) : repairManifest(app, id, storeDir);
    return { manifest: repaired, created: false, removed: [], repaired: true };
  }

  const manifest = describe(app, id, distDir);
  if (options.dryRun) return { manifest, created: true, removed: pruneCandidates(app, storeDir, keepFrom(options), [manifest]) };

  // Copied under a temporary name (outside the lock: it may take a while) and renamed: complete or absent.
  const target = releaseDir(app, id, storeDir);
  const tmp = `${target}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(distDir, tmp, { recursive: true, preserveTimestamps: true });
  fs.writeFileSync(path.join(tmp, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return withStoreLock(storeDir, () => {
    if (fs.existsSync(target)) {
      // Another process released the same build meanwhile (two servers starting), or a copy lost its manifest.
      fs.rmSync(tmp, { recursive: true, force: true });
      const theirs = manifestState(app, id, storeDir);
      if ('manifest' in theirs) return { manifest: theirs.manifest, created: false, removed: [] };
      return { manifest: repairManifest(app, id, storeDir), created: false, removed: [], repaired: true };
    }
    fs.renameSync(tmp, target);
    const removed = prune(app, { ...options, storeDir });
    return { manifest, created: true, removed };
  });
}

/**
 * Rebuilds a release's manifest from the release's own files (they hold the build's contract and listing), after
 * checking that they still hash to its id; otherwise the folder itself is damaged and nothing is written.
 */
function repairManifest(app: AppName, id: string, storeDir: string): ReleaseManifest {
  const dir = releaseDir(app, id, storeDir);
  return withStoreLock(storeDir, () => {
    const now = manifestState(app, id, storeDir);
    if ('manifest' in now) return now.manifest;
    if (contentId(dir, { releaseFolder: true }) !== id) {
      throw new ReleaseError(
        `${app}: the files of release ${id} no longer match its id (${dir} was changed by hand): remove that folder and release the build again.`,
      );
    }
    const manifest = describe(app, id, dir);
    writeJsonAtomic(path.join(dir, MANIFEST), manifest);
    return manifest;
  });
}

/**
 * Which releases retention would remove. Always kept: the live release, the one a rollback would go back to, and
 * every release in the last `keep` promotions. Besides those, the newest `keep` releases stay, counting only
 * releases the contract has not refused: a refused release takes no slot and stays only while it is the newest.
 */
function pruneCandidates(app: AppName, storeDir: string, keep: number, extra: ReleaseManifest[] = []): string[] {
  const doc = readLive(app, storeDir);
  const kept = new Set<string>(doc.history.slice(-keep).map((step) => step.id));
  if (doc.live) kept.add(doc.live);
  if (doc.canary) kept.add(doc.canary.id);
  const back = targetOf(doc);
  if (back) kept.add(back);
  const refused = new Set(doc.refused);
  const all = [...extra, ...listReleases(app, storeDir)].sort(newestFirst);
  const removed: string[] = [];
  let slots = 0;
  all.forEach((m, index) => {
    if (kept.has(m.id)) return;
    if (refused.has(m.id)) {
      if (index > 0) removed.push(m.id);
      return;
    }
    slots += 1;
    if (slots > keep) removed.push(m.id);
  });
  return removed;
}

/**
 * Removes the releases beyond the retention and returns their ids. Each is renamed aside under the lock (a server
 * no longer lists it) and deleted after, so the lock is never held through a long delete.
 */
export function prune(appOrDir: string, options: StoreOptions = {}): string[] {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  if (options.dryRun) return pruneCandidates(app, storeDir, keepFrom(options));
  const aside: string[] = [];
  const ids = withStoreLock(storeDir, () =>
    pruneCandidates(app, storeDir, keepFrom(options)).map((id) => {
      const dir = releaseDir(app, id, storeDir);
      const gone = `${dir}.${process.pid}.removed`;
      fs.renameSync(dir, gone);
      aside.push(gone);
      return id;
    }),
  );
  for (const dir of aside) fs.rmSync(dir, { recursive: true, force: true });
  return ids;
}

// ---------------------------------------------------------------------------------------------------------------
// Promotion

/** The live release of `app` for a contract check; a ReleaseError when what is live cannot be told. */
function liveRelease(app: AppName, storeDir: string): ReleaseManifest | null {
  const { live } = readLive(app, storeDir);
  return live ? requireRelease(app, live, storeDir) : null;
}

/** Why `candidate` cannot go live beside the other apps' live releases; empty when it can. */
export function promotionProblems(candidate: ReleaseManifest, storeDir = defaultStoreDir()): string[] {
  if (candidate.app !== 'shell') {
    const shell = liveRelease('shell', storeDir);
    return shell ? problemsBetween(shell, candidate, 'remote') : [];
  }
  // A shell goes live under every live remote: each must still find what it needs.
  return (Object.keys(APPS) as AppName[])
    .filter((app) => app !== 'shell')
    .flatMap((app) => {
      const remote = liveRelease(app, storeDir);
      return remote ? problemsBetween(candidate, remote, 'shell') : [];
    });
}

export interface PromoteResult {
  app: AppName;
  id: string;
  previous: string | null;
  /** False: it was already live, nothing changed. */
  changed: boolean;
  /** Promote without an id: the newer releases passed over because they were rolled back. */
  passedOver?: string[];
}

const stamp = (options: StoreOptions) => (options.now?.() ?? new Date()).toISOString();

/** Checks and writes under the store lock: no other process can change what the check read before the write. */
function switchLive(
  app: AppName,
  choose: (doc: LiveDocument) => ReleaseManifest & { passedOver?: string[] },
  action: Promotion['action'],
  options: StoreOptions & { overUnreadable?: boolean },
): PromoteResult {
  const storeDir = options.storeDir ?? defaultStoreDir();
  const run = () => {
    let history = readHistory(app, storeDir);
    if (history.unreadable) {
      if (!options.overUnreadable) throw new ReleaseError(history.unreadable);
      // Promoting a release by its id is the fix the error names: a new history starts, the damaged pointer kept aside.
      if (!options.dryRun) fs.renameSync(pointerFile(app, storeDir), `${pointerFile(app, storeDir)}.damaged-${Date.now()}`);
      history = { steps: [], problems: [], pointerStale: true, fromPointer: false };
    }
    const doc = documentOf(app, history.steps);
    const target = choose(doc);
    const result = { app, id: target.id, previous: doc.live, ...(target.passedOver ? { passedOver: target.passedOver } : {}) };
    if (doc.live === target.id) {
      if (!options.dryRun && history.pointerStale) writePointer(app, storeDir, history.steps);
      return { ...result, changed: false };
    }
    const problems = promotionProblems(target, storeDir);
    if (problems.length > 0) {
      if (!options.dryRun && action === 'promote') appendSteps(app, storeDir, history, [{ id: target.id, at: stamp(options), action: 'refused' }]);
      throw new ReleaseError(
        `Refused: ${app} release ${target.id} cannot go live; ${doc.live ? `${doc.live} stays live` : 'nothing changes'}.\n  ${problems.join('\n  ')}`,
      );
    }
    if (!options.dryRun) appendSteps(app, storeDir, history, [{ id: target.id, at: stamp(options), action }]);
    return { ...result, changed: true };
  };
  return options.dryRun ? run() : withStoreLock(storeDir, run);
}

/**
 * Makes a release live after the version contract check: the one `id` names, or else the newest release that was
 * never rolled back (a rolled-back release goes live again only by its id); `passedOver` names the newer ones.
 */
export function promote(appOrDir: string, id?: string, options: StoreOptions = {}): PromoteResult {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  return switchLive(
    app,
    (doc) => {
      const releases = listReleases(app, storeDir);
      if (id) {
        const ids = releaseIds(app, storeDir).filter((known) => known.startsWith(id));
        if (ids.length > 1) throw new ReleaseError(`"${id}" names ${ids.length} releases of ${app}: give more of the id.`);
        if (ids.length === 0) throw new ReleaseError(`${app} has no release ${id}: \`npm run releases -w ${APPS[app]}\` lists them.`);
        return requireRelease(app, ids[0] as string, storeDir);
      }
      const rolledBack = new Set(doc.rolledBack);
      const newest = releases.find((m) => !rolledBack.has(m.id));
      if (!newest) {
        throw new ReleaseError(
          releases.length === 0
            ? `${app} has no release: \`npm run release -w ${APPS[app]}\` makes one.`
            : `Every release of ${app} in the store was rolled back: name the one to promote (\`npm run promote -w ${APPS[app]} -- <id>\`).`,
        );
      }
      return { ...newest, passedOver: releases.slice(0, releases.indexOf(newest)).map((m) => m.id) };
    },
    'promote',
    { ...options, overUnreadable: id !== undefined },
  );
}

/**
 * The release that was live before the current one: promotions stack up and each rollback pops one, so two
 * rollbacks go back two releases. Releases retention has removed are skipped.
 */
function targetOf(doc: LiveDocument, exists: (id: string) => boolean = () => true): string | null {
  const stack: string[] = [];
  for (const step of doc.history) {
    if (step.action === 'rollback') {
      while (stack.length > 0 && stack[stack.length - 1] !== step.id) stack.pop();
      if (stack.length === 0) stack.push(step.id);
    } else stack.push(step.id);
  }
  stack.pop();
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (exists(id)) return id;
  }
  return null;
}

export function rollbackTarget(app: AppName, storeDir = defaultStoreDir()): string | null {
  return targetOf(readLive(app, storeDir), (id) => fs.existsSync(releaseDir(app, id, storeDir)));
}

export function rollback(appOrDir: string, options: StoreOptions = {}): PromoteResult {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  return switchLive(
    app,
    (doc) => {
      const id = targetOf(doc, (known) => fs.existsSync(releaseDir(app, known, storeDir)));
      if (!id) throw new ReleaseError(`${app} has no earlier live release in the store to roll back to.`);
      return requireRelease(app, id, storeDir);
    },
    'rollback',
    options,
  );
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
  const run = () => {
    const histories = new Map<AppName, History>();
    const historyOf = (app: AppName) => {
      if (!histories.has(app)) histories.set(app, historyOrThrow(app, storeDir));
      return histories.get(app) as History;
    };
    const live = (app: AppName) => {
      const id = documentOf(app, historyOf(app).steps).live;
      return id ? requireRelease(app, id, storeDir) : null;
    };
    const candidates = new Map<AppName, ReleaseManifest>();
    for (const [app, id] of Object.entries(ids) as [AppName, string][]) {
      const manifest = requireRelease(app, id, storeDir);
      if (documentOf(app, historyOf(app).steps).live !== id) candidates.set(app, manifest);
    }
    const refused: string[] = [];
    const refusedIds = new Map<AppName, string>();
    const refuse = (app: AppName, candidate: ReleaseManifest, problems: string[]) => {
      candidates.delete(app);
      refusedIds.set(app, candidate.id);
      refused.push(`Refused: ${app} release ${candidate.id} stays unpromoted.\n  ${problems.join('\n  ')}`);
    };
    const remotes = (Object.keys(APPS) as AppName[]).filter((app) => app !== 'shell');
    for (;;) {
      const shell = candidates.get('shell') ?? live('shell');
      for (const app of remotes) {
        const candidate = candidates.get(app);
        const problems = candidate && shell ? problemsBetween(shell, candidate, candidates.has('shell') ? null : 'remote') : [];
        if (candidate && problems.length > 0) refuse(app, candidate, problems);
      }
      const shellCandidate = candidates.get('shell');
      if (!shellCandidate) break;
      const problems = remotes.flatMap((app) => {
        const remote = candidates.get(app) ?? live(app);
        return remote ? problemsBetween(shellCandidate, remote, candidates.has(app) ? null : 'shell') : [];
      });
      if (problems.length === 0) break;
      refuse('shell', shellCandidate, problems);
    }
    const at = stamp(options);
    if (!options.dryRun) {
      for (const [app, id] of refusedIds) appendSteps(app, storeDir, historyOf(app), [{ id, at, action: 'refused' }]);
    }
    const order = (['shell', ...remotes] as AppName[]).filter((app) => candidates.has(app));
    const promoted = order.map((app) => {
      const target = candidates.get(app) as ReleaseManifest;
      const history = historyOrThrow(app, storeDir);
      const previous = documentOf(app, history.steps).live;
      if (!options.dryRun) appendSteps(app, storeDir, history, [{ id: target.id, at, action: 'promote' }]);
      return { app, id: target.id, previous, changed: true };
    });
    return { promoted, refused };
  };
  return options.dryRun ? run() : withStoreLock(storeDir, run);
}

// ---------------------------------------------------------------------------------------------------------------
// Damage: reported in a sentence each, and repaired where the store's own files allow it

/**
 * What is wrong in `app`'s part of the store, one sentence each with the fix, after repairing what can be repaired
 * from the store itself (not in a dry run): a pointer that disagrees with the history is rewritten from it, a damaged
 * manifest is rebuilt from its release's files. Throws when no history can be read at all.
 */
export function checkStore(appOrDir: string, options: StoreOptions = {}): string[] {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  const history = readHistory(app, storeDir);
  if (history.unreadable) throw new ReleaseError(history.unreadable);
  const messages = [...history.problems];
  const damaged = releaseIds(app, storeDir).flatMap((id) => {
    const state = manifestState(app, id, storeDir);
    return 'damage' in state ? [{ id, damage: state.damage }] : [];
  });
  if (options.dryRun) {
    return [...messages, ...damaged.map(({ id, damage }) => damagedManifest(app, id, storeDir, damage))];
  }
  if (history.pointerStale) {
    withStoreLock(storeDir, () => {
      const now = readHistory(app, storeDir);
      if (!now.unreadable && now.pointerStale) writePointer(app, storeDir, now.steps);
    });
  }
  for (const { id, damage } of damaged) {
    try {
      repairManifest(app, id, storeDir);
      messages.push(`${app}: release ${id}'s ${MANIFEST} was damaged (${damage}); it was rebuilt from the release's own files.`);
    } catch (error) {
      if (!(error instanceof ReleaseError)) throw error;
      messages.push(error.message);
    }
  }
  return messages;
}

// ---------------------------------------------------------------------------------------------------------------
// Canary: a release for a share of browsers, then promoted or taken back

export interface CanaryResult {
  app: AppName;
  id: string;
  percent: number;
  live: string | null;
}

/**
 * Gives a release to `percent` % of browsers beside the live one (`promote --canary`), after the same contract check
 * as a promotion: the one `id` names, else the newest release never rolled back. Written to the history as a
 * `canary` step; the live release does not change.
 */
export function startCanary(appOrDir: string, id: string | undefined, percent: number, options: StoreOptions = {}): CanaryResult {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
    throw new ReleaseError(`A canary is a whole percentage from 1 to 99 of browsers (got ${percent}); \`npm run promote -w ${APPS[app]}\` promotes to everyone.`);
  }
  const run = () => {
    const history = historyOrThrow(app, storeDir);
    const doc = documentOf(app, history.steps);
    if (!doc.live) throw new ReleaseError(`${app} has no live release to compare a canary with: promote one first (\`npm run promote -w ${APPS[app]}\`).`);
    let target: ReleaseManifest;
    if (id) {
      const ids = releaseIds(app, storeDir).filter((known) => known.startsWith(id));
      if (ids.length !== 1) throw new ReleaseError(`${app} has ${ids.length === 0 ? 'no release' : 'several releases starting with'} ${id}: \`npm run releases -w ${APPS[app]}\` lists them.`);
      target = requireRelease(app, ids[0] as string, storeDir);
    } else {
      const rolledBack = new Set(doc.rolledBack);
      const newest = listReleases(app, storeDir).find((m) => !rolledBack.has(m.id));
      if (!newest) throw new ReleaseError(`${app} has no release never rolled back: name the one to canary.`);
      target = newest;
    }
    if (target.id === doc.live) throw new ReleaseError(`${app}: ${target.id} is already live; a canary is a release that is not.`);
    const problems = promotionProblems(target, storeDir);
    if (problems.length > 0) {
      if (!options.dryRun) appendSteps(app, storeDir, history, [{ id: target.id, at: stamp(options), action: 'refused' }]);
      throw new ReleaseError(`Refused: ${app} release ${target.id} cannot go to any browser; ${doc.live} stays live.\n  ${problems.join('\n  ')}`);
    }
    if (!options.dryRun) appendSteps(app, storeDir, history, [{ id: target.id, at: stamp(options), action: 'canary', percent }]);
    return { app, id: target.id, percent, live: doc.live };
  };
  return options.dryRun ? run() : withStoreLock(storeDir, run);
}

/**
 * Ends the running canary: `promote` makes it live for everyone (a promotion, checked again), `rollback` takes it
 * back (a `canary-rolled-back` step with the reason: it then counts as rolled back). Throws when `id` is no longer
 * the running canary (someone ended or replaced it meanwhile): nothing is written.
 */
export function endCanary(appOrDir: string, id: string, outcome: 'promote' | 'rollback', reason: string, options: StoreOptions = {}): void {
  const app = toAppName(appOrDir);
  const storeDir = options.storeDir ?? defaultStoreDir();
  const run = () => {
    const history = historyOrThrow(app, storeDir);
    const doc = documentOf(app, history.steps);
    if (doc.canary?.id !== id) throw new ReleaseError(`${app}: ${id} is no longer the canary (${doc.canary ? `${doc.canary.id} is` : 'none is running'}); nothing changed.`);
    if (outcome === 'promote') {
      const problems = promotionProblems(requireRelease(app, id, storeDir), storeDir);
      if (problems.length > 0) throw new ReleaseError(`Refused: ${app} release ${id} cannot go live; the canary keeps running.\n  ${problems.join('\n  ')}`);
    }
    if (options.dryRun) return;
    appendSteps(app, storeDir, history, [
      outcome === 'promote' ? { id, at: stamp(options), action: 'promote' } : { id, at: stamp(options), action: 'canary-rolled-back', reason },
    ]);
  };
  if (options.dryRun) run();
  else withStoreLock(storeDir, run);
}

/** The running canary of `app` and its versioned entry, for the page the shell's server writes; null without one. */
export function canaryEntry(app: string, storeDir = defaultStoreDir()): { id: string; percent: number; entry: string } | null {
  const name = toAppName(app);
  const { canary } = readLive(name, storeDir);
  const entry = canary ? readRelease(name, canary.id, storeDir)?.entry : null;
  return canary && entry ? { id: canary.id, percent: canary.percent, entry } : null;
}
