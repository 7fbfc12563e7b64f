// The release store (release/README.md): each app's builds as immutable folders named by their content, and an
// append-only history per app that says what is live.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { APPS, appName, defaultStoreDir, type ContractParty } from 'webpack-config/contract';
import { problemsBetween } from './contract';

export type AppName = keyof typeof APPS;

/** Thrown when the store refuses an operation; the message says why and what to do. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** One line of `<store>/<app>/history.jsonl`: `percent` for a canary (1-99), `reason` for a canary taken back. */
export interface Step {
  id: string;
  at: string;
  action: 'promote' | 'rollback' | 'refused' | 'canary' | 'canary-rolled-back';
  percent?: number;
  reason?: string;
}

/** A release as its own files describe it: the build's release-contract.json, its newest file's time, its entry. */
export interface ReleaseManifest extends ContractParty {
  id: string;
  app: AppName;
  builtAt: string;
  /** A remote's `remoteEntry.<hash>.js` (its expose-chunks.json); the shell's page, `index.html`. */
  entry: string | null;
}

/** What the history says. */
export interface LiveDocument {
  app: AppName;
  live: string | null;
  /** Every promotion and rollback, oldest first. */
  history: Step[];
  /** Releases taken back (by a rollback, or as a canary) and not promoted by their id since. */
  rolledBack: string[];
  /** Releases the contract refused that never went live. */
  refused: string[];
  canary: { id: string; percent: number; at: string } | null;
  steps: Step[];
  /** One sentence per damaged line of the history, with the fix. */
  problems: string[];
}

export interface StoreOptions {
  storeDir?: string;
  /** Report what would happen; write and delete nothing. */
  dryRun?: boolean;
  /** How many releases to retain (PORTAL_RELEASES_KEEP, or 5); `pruneCandidates` says what else stays. */
  keep?: number;
}

export interface PromoteResult {
  app: AppName;
  id: string;
  previous: string | null;
  /** False: it was already live. */
  changed: boolean;
  /** Promote without an id: the newer releases passed over because they were rolled back. */
  passedOver?: string[];
}

const root = path.resolve(__dirname, '..', '..');
const remotes = (Object.keys(APPS) as AppName[]).filter((app) => app !== 'shell');
const storeOf = (options: StoreOptions) => path.resolve(options.storeDir ?? defaultStoreDir());
const historyFile = (app: AppName, storeDir: string) => path.join(storeDir, app, 'history.jsonl');
const pointerFile = (app: AppName, storeDir: string) => path.join(storeDir, app, 'live.json');
export const releaseDir = (app: AppName, id: string, storeDir = defaultStoreDir()) => path.resolve(storeDir, app, 'releases', id);
/** Release folders are named by their id; a copy under way or a folder being removed has a longer name. */
const releaseIds = (app: AppName, storeDir: string) =>
  fs.existsSync(releaseDir(app, '', storeDir)) ? fs.readdirSync(releaseDir(app, '', storeDir)).filter((name) => /^[0-9a-f]{12}$/.test(name)) : [];
const readText = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export function toAppName(nameOrDir: string): AppName {
  const name = appName(nameOrDir);
  if (!name) throw new ReleaseError(`Unknown app "${nameOrDir}": one of ${Object.keys(APPS).join(', ')}.`);
  return name;
}

/**
 * Runs `fn` holding `<store>/.lock` (proper-lockfile: a folder made atomically, taken over after 10 s without a
 * refresh, so a killed command does not block the store), so a check and the write it decides are one step for every
 * process; a dry run only reads. The commands are synchronous, so it polls rather than use the library's async retries.
 */
function locked<T>(options: StoreOptions, fn: () => T): T {
  if (options.dryRun) return fn();
  const storeDir = storeOf(options);
  fs.mkdirSync(storeDir, { recursive: true });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      // A holder that paused past the stale time was taken over: its write is already ordered after ours.
      const unlock = lockfile.lockSync(storeDir, { lockfilePath: path.join(storeDir, '.lock'), stale: 10_000, realpath: false, onCompromised: () => undefined });
      try {
        return fn();
      } finally {
        unlock();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (Date.now() > deadline) throw new ReleaseError(`Another release command has held ${path.join(storeDir, '.lock')} for over 30 s: wait for it to finish, or remove that folder if no release command is running.`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The history: what is live

function documentOf(app: AppName, steps: Step[], problems: string[] = []): LiveDocument {
  let live: string | null = null;
  let canary: LiveDocument['canary'] = null;
  const rolledBack = new Set<string>();
  const refused = new Set<string>();
  const promoted = new Set<string>();
  for (const s of steps) {
    if (s.action === 'refused') refused.add(s.id);
    else canary = s.action === 'canary' ? { id: s.id, percent: s.percent as number, at: s.at } : null;
    if (s.action === 'canary-rolled-back') rolledBack.add(s.id);
    if (s.action !== 'promote' && s.action !== 'rollback') continue;
    if (s.action === 'rollback' && live && live !== s.id) rolledBack.add(live);
    // Promoted by its id after its rollback: chosen again, on purpose.
    rolledBack.delete(s.id);
    promoted.add(s.id);
    live = s.id;
  }
  const history = steps.filter((s) => s.action === 'promote' || s.action === 'rollback');
  return { app, live, history, rolledBack: [...rolledBack], refused: [...refused].filter((id) => !promoted.has(id)), canary, steps, problems };
}

/**
 * What the history says. A damaged line (a crash cut it short) is skipped and reported. Throws when no line can be
 * read while live.json says something was live: a server then keeps what it served rather than guess; promoting a
 * release by its id (`overLostHistory`) starts a new history.
 */
function readHistory(app: AppName, storeDir: string, overLostHistory = false): LiveDocument {
  const file = historyFile(app, storeDir);
  const lines = readText(file)?.split('\n') ?? [];
  const steps: Step[] = [];
  const problems: string[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let step: Partial<Step> | null = null;
    try {
      step = JSON.parse(line) as Partial<Step>;
    } catch {
      // Reported below.
    }
    const percent = step?.action !== 'canary' || (Number.isInteger(step.percent) && (step.percent as number) > 0 && (step.percent as number) < 100);
    if (typeof step?.id === 'string' && typeof step.at === 'string' && percent && /^(promote|rollback|refused|canary|canary-rolled-back)$/.test(step.action ?? '')) steps.push(step as Step);
    else problems.push(`${app}: line ${index + 1} of ${file} is damaged${index === lines.length - 1 ? ' (cut short)' : ''} and is skipped; the other steps stand (delete that line to silence this).`);
  });
  const pointer = pointerFile(app, storeDir);
  if (steps.length === 0 && !overLostHistory && fs.existsSync(pointer) && readJson<{ live?: unknown }>(pointer)?.live !== null) {
    const pkg = APPS[app];
    throw new ReleaseError(
      `${app}: ${pointer} is damaged or stale: no line of ${file} says which release is live, so nothing was changed: promote the release customers should get with \`npm run promote -w ${pkg} -- <id>\` (\`npm run releases -w ${pkg}\` lists them).`,
    );
  }
  return documentOf(app, steps, problems);
}

export const readLive = (app: AppName, storeDir = defaultStoreDir()): LiveDocument => readHistory(app, path.resolve(storeDir));

/** live.json: the history's pointer for readers that want one document (webpack-config's build check, a CDN). */
const pointerText = (doc: LiveDocument) => `${JSON.stringify({ app: doc.app, live: doc.live, history: doc.history, canary: doc.canary }, null, 2)}\n`;

function writePointer(doc: LiveDocument, storeDir: string): void {
  const file = pointerFile(doc.app, storeDir);
  // Written whole or not at all: a reader sees the old document or the new one.
  fs.writeFileSync(`${file}.${process.pid}.tmp`, pointerText(doc));
  fs.renameSync(`${file}.${process.pid}.tmp`, file);
}

/** Appends a step (the caller holds the lock; nothing in a dry run), then rewrites the pointer to match. */
function append(doc: LiveDocument, options: StoreOptions, step: Omit<Step, 'at'>): void {
  if (options.dryRun) return;
  const file = historyFile(doc.app, storeOf(options));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = readText(file);
  // A line cut short by a crash is ended first, so the new step is a line of its own.
  fs.appendFileSync(file, `${text && !text.endsWith('\n') ? '\n' : ''}${JSON.stringify({ at: new Date().toISOString(), ...step })}\n`, { flush: true });
  writePointer(readHistory(doc.app, storeOf(options)), storeOf(options));
}

// ---------------------------------------------------------------------------------------------------------------
// Releases

/** Every file below `dir`, relative with forward slashes, sorted: the hash does not depend on the disk. */
const listFiles = (dir: string) =>
  fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => fs.statSync(path.join(dir, file)).isFile()).map((file) => file.split(path.sep).join('/')).sort();

/** The release id of a build output: a SHA-256 over its files' names and bytes. */
export function contentId(dir: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(dir)) hash.update(file).update('\0').update(fs.readFileSync(path.join(dir, file))).update('\0');
  return hash.digest('hex').slice(0, 12);
}

/** A build output's manifest, from its own files; null without a readable release-contract.json. */
function describe(app: AppName, id: string, dir: string): ReleaseManifest | null {
  const contract = readJson<ContractParty>(path.join(dir, 'release-contract.json'));
  if (!contract?.shared) return null;
  const builtAt = new Date(Math.max(...listFiles(dir).map((file) => fs.statSync(path.join(dir, file)).mtimeMs))).toISOString();
  const entry = app === 'shell' ? 'index.html' : (readJson<{ entry?: string }>(path.join(dir, 'expose-chunks.json'))?.entry ?? null);
  return { ...contract, id, app, builtAt, entry };
}

// A release folder never changes, so each is described once per process while its contract stays (one stat a read).
const manifests = new Map<string, ReleaseManifest>();

export function readRelease(app: AppName, id: string, storeDir = defaultStoreDir()): ReleaseManifest | null {
  const dir = releaseDir(app, id, storeDir);
  const stat = fs.statSync(path.join(dir, 'release-contract.json'), { throwIfNoEntry: false });
  const key = `${dir}:${stat?.mtimeMs}:${stat?.size}`;
  const manifest = manifests.get(key) ?? (stat ? describe(app, id, dir) : null);
  if (manifest) manifests.set(key, manifest);
  return manifest;
}

const damaged = (app: AppName, id: string, storeDir: string) =>
  `${app}: release ${id} has no readable release-contract.json, so it cannot be checked: remove ${releaseDir(app, id, storeDir)} and release the build again.`;

/** A release by its id or the start of it, or a ReleaseError saying why it cannot be used. */
function byId(app: AppName, id: string, storeDir: string): ReleaseManifest {
  const ids = releaseIds(app, storeDir).filter((known) => known.startsWith(id));
  if (ids.length > 1) throw new ReleaseError(`"${id}" names ${ids.length} releases of ${app}: give more of the id.`);
  const manifest = readRelease(app, ids[0] ?? id, storeDir);
  if (manifest) return manifest;
  throw new ReleaseError(ids[0] ? damaged(app, ids[0], storeDir) : `${app} has no release ${id}: \`npm run releases -w ${APPS[app]}\` lists them.`);
}

const newestFirst = (a: ReleaseManifest, b: ReleaseManifest) => b.builtAt.localeCompare(a.builtAt) || a.id.localeCompare(b.id);

/** Every release of `app` whose contract can be read, newest build first. */
export const listReleases = (app: AppName, storeDir = defaultStoreDir()): ReleaseManifest[] =>
  releaseIds(app, storeDir).flatMap((id) => readRelease(app, id, storeDir) ?? []).sort(newestFirst);

/** The newest release never rolled back, and the newer ones it passes over. */
function newestNotRolledBack(app: AppName, doc: LiveDocument, storeDir: string): ReleaseManifest & { passedOver: string[] } {
  const releases = listReleases(app, storeDir);
  const index = releases.findIndex((m) => !doc.rolledBack.includes(m.id));
  if (index >= 0) return { ...(releases[index] as ReleaseManifest), passedOver: releases.slice(0, index).map((m) => m.id) };
  throw new ReleaseError(
    releases.length === 0
      ? `${app} has no release: \`npm run release -w ${APPS[app]}\` makes one.`
      : `Every release of ${app} in the store was rolled back: name the one to promote (\`npm run promote -w ${APPS[app]} -- <id>\`).`,
  );
}

/**
 * The folders a server reads `app`'s files from: the live release first, then the other retained releases, newest
 * first. Unhashed names come from the first only; a hashed file from the first that has it, so a page served before a
 * promotion still finds the chunks it names. Empty: nothing is live. Throws when what is live cannot be told or its
 * folder is gone: the caller keeps what it served.
 */
export function releaseRoots(app: string, storeDir = defaultStoreDir()): string[] {
  const name = toAppName(app);
  const { live } = readLive(name, storeDir);
  if (!live) return [];
  if (!fs.existsSync(releaseDir(name, live, storeDir))) {
    throw new ReleaseError(`${name}: the live release ${live} is missing from ${releaseDir(name, '', storeDir)}: promote another one (\`npm run promote -w ${APPS[name]} -- <id>\`).`);
  }
  return [live, ...listReleases(name, storeDir).flatMap((m) => (m.id === live ? [] : [m.id]))].map((id) => releaseDir(name, id, storeDir));
}

/**
 * The release a rollback goes back to: promotions stack up and each rollback pops one, so two rollbacks go back two
 * releases. Releases retention has removed are skipped.
 */
function rollbackTarget(doc: LiveDocument, exists: (id: string) => boolean = () => true): string | null {
  const stack: string[] = [];
  for (const s of doc.history) {
    if (s.action === 'rollback') while (stack.length > 0 && stack.at(-1) !== s.id) stack.pop();
    if (s.action === 'promote' || stack.at(-1) !== s.id) stack.push(s.id);
  }
  stack.pop();
  return stack.reverse().find(exists) ?? null;
}

/**
 * Which releases retention removes. Always kept: the live release, the running canary, the one a rollback would go
 * back to, and every release of the last `keep` promotions. Besides those, the newest `keep` releases stay, counting
 * only releases the contract has not refused: a refused release takes no slot and stays only while it is the newest.
 */
function pruneCandidates(app: AppName, options: StoreOptions, extra: ReleaseManifest[] = []): string[] {
  const keep = options.keep ?? Number(process.env.PORTAL_RELEASES_KEEP || 5);
  if (!Number.isInteger(keep) || keep < 1) throw new ReleaseError(`Retention must be a whole number of at least 1 (got ${keep}).`);
  const doc = readHistory(app, storeOf(options));
  const kept = new Set([...doc.history.slice(-keep).map((s) => s.id), doc.live, doc.canary?.id, rollbackTarget(doc)]);
  let slots = 0;
  return [...extra, ...listReleases(app, storeOf(options))]
    .sort(newestFirst)
    .filter((m, index) => !kept.has(m.id) && (doc.refused.includes(m.id) ? index > 0 : ++slots > keep))
    .map((m) => m.id);
}

/**
 * Copies a build output into the store as a new release (not live); an identical build is not added twice. Returns
 * the releases retention removed (or would remove, in a dry run).
 */
export function addRelease(appOrDir: string, distDir: string, options: StoreOptions = {}) {
  const app = toAppName(appOrDir);
  const noBuild = `${distDir} holds no build (an index.html and a release-contract.json): run \`npm run build -w ${APPS[app]}\` first.`;
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new ReleaseError(noBuild);
  const target = releaseDir(app, contentId(distDir), storeOf(options));
  const manifest = describe(app, path.basename(target), distDir);
  if (!manifest) throw new ReleaseError(noBuild);
  if (fs.existsSync(target)) return { manifest: readRelease(app, manifest.id, storeOf(options)) ?? manifest, created: false, removed: [] };
  if (options.dryRun) return { manifest, created: true, removed: pruneCandidates(app, options, [manifest]) };
  // Copied under a temporary name (outside the lock: it takes a while) and renamed: complete or absent.
  fs.rmSync(`${target}.${process.pid}.tmp`, { recursive: true, force: true });
  fs.cpSync(distDir, `${target}.${process.pid}.tmp`, { recursive: true, preserveTimestamps: true });
  const removed = locked(options, () => {
    // Another process released the same build meanwhile (two servers starting).
    if (fs.existsSync(target)) return null;
    fs.renameSync(`${target}.${process.pid}.tmp`, target);
    // Renamed aside under the lock (no server lists them any more), deleted after it.
    const ids = pruneCandidates(app, options);
    for (const id of ids) fs.renameSync(releaseDir(app, id, storeOf(options)), `${releaseDir(app, id, storeOf(options))}.${process.pid}.removed`);
    return ids;
  });
  fs.rmSync(`${target}.${process.pid}.tmp`, { recursive: true, force: true });
  for (const id of removed ?? []) fs.rmSync(`${releaseDir(app, id, storeOf(options))}.${process.pid}.removed`, { recursive: true, force: true });
  return { manifest, created: removed !== null, removed: removed ?? [] };
}

/**
 * What is wrong in `app`'s part of the store, one sentence each with the fix: damaged lines of the history, releases
 * whose contract cannot be read, and a pointer that does not say what the history says, which is rewritten (not in a
 * dry run). Throws when what is live cannot be told.
 */
export function checkStore(appOrDir: string, options: StoreOptions = {}): string[] {
  const app = toAppName(appOrDir);
  const storeDir = storeOf(options);
  const doc = readHistory(app, storeDir);
  const messages = [...doc.problems, ...releaseIds(app, storeDir).flatMap((id) => (readRelease(app, id, storeDir) ? [] : [damaged(app, id, storeDir)]))];
  const stale = () => doc.steps.length > 0 && readText(pointerFile(app, storeDir)) !== pointerText(readHistory(app, storeDir));
  if (!stale() || options.dryRun) return messages;
  if (fs.existsSync(pointerFile(app, storeDir))) {
    messages.push(`${app}: ${pointerFile(app, storeDir)} did not say what ${historyFile(app, storeDir)} says (damaged or stale): ${doc.live ?? 'nothing'} stays live, and it was rewritten.`);
  }
  locked(options, () => stale() && writePointer(readHistory(app, storeDir), storeDir));
  return messages;
}

// ---------------------------------------------------------------------------------------------------------------
// Promotion: every step that gives a release to browsers checks the version contract against the live releases

/** Why `candidate` cannot go live beside the other apps' live releases; empty when it can. */
export function promotionProblems(candidate: ReleaseManifest, storeDir = defaultStoreDir()): string[] {
  const live = (app: AppName) => {
    const id = readLive(app, storeDir).live;
    return id ? byId(app, id, path.resolve(storeDir)) : null;
  };
  const pairs = candidate.app === 'shell' ? remotes.map((app) => [candidate, live(app)] as const) : [[live('shell'), candidate] as const];
  return pairs.flatMap(([shell, remote]) => (shell && remote ? problemsBetween(shell, remote, candidate.app === 'shell' ? 'shell' : 'remote') : []));
}

/** Refuses a release the live ones cannot run with: `outcome` says what stays; a refused promotion or canary is a step. */
function checkContract(doc: LiveDocument, target: ReleaseManifest, options: StoreOptions, outcome: string, record: boolean): void {
  const problems = promotionProblems(target, storeOf(options));
  if (problems.length === 0) return;
  if (record) append(doc, options, { id: target.id, action: 'refused' });
  throw new ReleaseError(`Refused: ${doc.app} release ${target.id} ${outcome}.\n  ${problems.join('\n  ')}`);
}

function switchLive(app: AppName, action: 'promote' | 'rollback', options: StoreOptions, choose: (doc: LiveDocument) => ReleaseManifest & { passedOver?: string[] }, overLost = false): PromoteResult {
  return locked(options, () => {
    const doc = readHistory(app, storeOf(options), overLost);
    const target = choose(doc);
    const result = { app, id: target.id, previous: doc.live, changed: doc.live !== target.id, ...(target.passedOver ? { passedOver: target.passedOver } : {}) };
    if (!result.changed) return result;
    checkContract(doc, target, options, `cannot go live; ${doc.live ? `${doc.live} stays live` : 'nothing changes'}`, action === 'promote');
    append(doc, options, { id: target.id, action });
    return result;
  });
}

/** Makes a release live: the one `id` names, else the newest release never rolled back (only its id ships one again). */
export function promote(appOrDir: string, id?: string, options: StoreOptions = {}): PromoteResult {
  const app = toAppName(appOrDir);
  return switchLive(app, 'promote', options, (doc) => (id ? byId(app, id, storeOf(options)) : newestNotRolledBack(app, doc, storeOf(options))), id !== undefined);
}

/** Makes the release live before the current one live again. */
export function rollback(appOrDir: string, options: StoreOptions = {}): PromoteResult {
  const app = toAppName(appOrDir);
  return switchLive(app, 'rollback', options, (doc) => {
    const id = rollbackTarget(doc, (known) => fs.existsSync(releaseDir(app, known, storeOf(options))));
    if (!id) throw new ReleaseError(`${app} has no earlier live release in the store to roll back to.`);
    return byId(app, id, storeOf(options));
  });
}

/**
 * Promotes several releases as one change (`sync`), so a shell and remotes moved to a new major together are checked
 * against each other, not against the live ones they replace. A remote the resulting shell cannot run stays on its
 * live release; so does a shell some remaining live remote cannot run under (and the remotes are checked again
 * against the live shell). Returns what went live and, one message each, what was refused.
 */
export function promoteTogether(ids: Partial<Record<AppName, string>>, options: StoreOptions = {}): { promoted: PromoteResult[]; refused: string[] } {
  const storeDir = storeOf(options);
  return locked(options, () => {
    const docs = new Map<AppName, LiveDocument>();
    const doc = (app: AppName) => docs.get(app) ?? (docs.set(app, readHistory(app, storeDir)).get(app) as LiveDocument);
    const candidates = new Map<AppName, ReleaseManifest>();
    for (const [app, id] of Object.entries(ids) as [AppName, string][]) if (doc(app).live !== id) candidates.set(app, byId(app, id, storeDir));
    const next = (app: AppName) => candidates.get(app) ?? (doc(app).live ? byId(app, doc(app).live as string, storeDir) : null);
    const refused: string[] = [];
    const refuse = (app: AppName, problems: string[]) => {
      if (problems.length === 0) return false;
      append(doc(app), options, { id: (candidates.get(app) as ReleaseManifest).id, action: 'refused' });
      refused.push(`Refused: ${app} release ${candidates.get(app)?.id} stays unpromoted.\n  ${problems.join('\n  ')}`);
      return candidates.delete(app);
    };
    const between = (shell: ReleaseManifest | null, app: AppName, candidate: 'shell' | 'remote') =>
      shell && next(app) ? problemsBetween(shell, next(app) as ReleaseManifest, candidates.has(app) && candidates.has('shell') ? null : candidate) : [];
    // The remotes against the shell they would run under; then the new shell against them (refused: again, against the live one).
    do {
      for (const app of remotes) if (candidates.has(app)) refuse(app, between(next('shell'), app, 'remote'));
    } while (candidates.has('shell') && refuse('shell', remotes.flatMap((app) => between(candidates.get('shell') as ReleaseManifest, app, 'shell'))));
    const promoted = (['shell', ...remotes] as AppName[]).flatMap((app) => {
      const target = candidates.get(app);
      if (target) append(doc(app), options, { id: target.id, action: 'promote' });
      return target ? [{ app, id: target.id, previous: doc(app).live, changed: true }] : [];
    });
    return { promoted, refused };
  });
}

/**
 * Every built app's dist added to the store, and the builds that never went live promoted together, so `npm start`
 * and `npm run serve` show the latest build. A build that was live before, or out as a canary, stays off: a restart
 * never undoes a rollback. An app without a build is skipped, saying so; a refused one stays on its live release.
 */
export function releaseBuilds(options: StoreOptions & { log?: (message: string) => void; distOf?: (app: AppName) => string } = {}) {
  const log = options.log ?? console.log;
  const dry = options.dryRun ? '[dry run] ' : '';
  const ids: Partial<Record<AppName, string>> = {};
  for (const app of Object.keys(APPS) as AppName[]) {
    try {
      for (const message of checkStore(app, options)) log(message);
      const { manifest, created, removed } = addRelease(app, options.distOf?.(app) ?? path.join(root, APPS[app], 'dist'), options);
      if (created) log(`${dry}${app}: released ${manifest.id}.`);
      for (const id of removed) log(`${dry}${app}: removed release ${id} (beyond the retention).`);
      const { live, canary, history, rolledBack } = readHistory(app, storeOf(options));
      const last = [...history].reverse().find((s) => s.id === manifest.id);
      const why = rolledBack.includes(manifest.id) ? 'was rolled back' : 'was replaced';
      if (canary?.id === manifest.id) log(`${app}: build ${manifest.id} is the canary (${canary.percent} %), so it stays a canary; \`npm run promote -w ${APPS[app]} -- --watch\` decides it.`);
      else if (live !== manifest.id && (last || rolledBack.includes(manifest.id))) {
        log(`${app}: build ${manifest.id} ${why} after it went ${last ? `live (${last.at})` : 'out as a canary'}, so it stays off and ${live} stays live; \`npm run promote -w ${APPS[app]} -- ${manifest.id}\` ships it again.`);
      } else if (live !== manifest.id) ids[app] = manifest.id;
    } catch (error) {
      if (!(error instanceof ReleaseError)) throw error;
      log(error.message.startsWith(app) ? error.message : `${app}: ${error.message}`);
    }
  }
  const result = promoteTogether(ids, options);
  for (const { app, id, previous } of result.promoted) log(`${dry}${app}: ${id} is live (was ${previous ?? 'none'}).`);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Canary: a release for a share of browsers, then promoted or taken back

/**
 * Gives a release (the one `id` names, else the newest never rolled back) to `percent` % of browsers beside the live
 * one, after the same contract check as a promotion: a `canary` step; the live release does not change.
 */
export function startCanary(appOrDir: string, id: string | undefined, percent: number, options: StoreOptions = {}) {
  const app = toAppName(appOrDir);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
    throw new ReleaseError(`A canary is a whole percentage from 1 to 99 of browsers (got ${percent}); \`npm run promote -w ${APPS[app]}\` promotes to everyone.`);
  }
  return locked(options, () => {
    const doc = readHistory(app, storeOf(options));
    if (!doc.live) throw new ReleaseError(`${app} has no live release to compare a canary with: promote one first (\`npm run promote -w ${APPS[app]}\`).`);
    const target = id ? byId(app, id, storeOf(options)) : newestNotRolledBack(app, doc, storeOf(options));
    if (target.id === doc.live) throw new ReleaseError(`${app}: ${target.id} is already live; a canary is a release that is not.`);
    checkContract(doc, target, options, `cannot go to any browser; ${doc.live} stays live`, true);
    append(doc, options, { id: target.id, action: 'canary', percent });
    return { app, id: target.id, percent, live: doc.live };
  });
}

/**
 * Ends the running canary: `promote` makes it live for everyone (checked again), `rollback` takes it back (a
 * `canary-rolled-back` step with the reason: it then counts as rolled back). Throws, writing nothing, when `id` is no
 * longer the running canary (another command ended or replaced it).
 */
export function endCanary(appOrDir: string, id: string, outcome: 'promote' | 'rollback', reason: string, options: StoreOptions = {}): void {
  const app = toAppName(appOrDir);
  locked(options, () => {
    const doc = readHistory(app, storeOf(options));
    if (doc.canary?.id !== id) throw new ReleaseError(`${app}: ${id} is no longer the canary (${doc.canary ? `${doc.canary.id} is` : 'none is running'}); nothing changed.`);
    if (outcome === 'promote') checkContract(doc, byId(app, id, storeOf(options)), options, 'cannot go live; the canary keeps running', false);
    append(doc, options, outcome === 'promote' ? { id, action: 'promote' } : { id, action: 'canary-rolled-back', reason });
  });
}

/** The running canary of `app` and its versioned entry, for the pages the site writer writes; null without one. */
export function canaryEntry(app: string, storeDir = defaultStoreDir()): { id: string; percent: number; entry: string } | null {
  const name = toAppName(app);
  const { canary } = readLive(name, storeDir);
  const entry = canary ? readRelease(name, canary.id, storeDir)?.entry : null;
  return canary && entry ? { id: canary.id, percent: canary.percent, entry } : null;
}
