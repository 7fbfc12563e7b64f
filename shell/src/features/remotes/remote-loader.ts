import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, type RemoteName } from 'shared-api';
import { canaryEntryFor } from '../health/canary';
import { reportAreaLoaded } from '../health/health-reporting';
import { AreaLoadError, noAnswer } from './area-load-error';
import { reportSharedVersionConflicts } from './shared-versions';

/**
 * The configuration names each remote's mf-manifest.json (or its remoteEntry.js). The portal's builds always
 * publish remoteEntry.js beside the manifest (webpack-config), and the production runtime leaves the manifest
 * code out: loading the entry directly saves a round trip and the snapshot code's weight.
 */
export function remoteEntryUrl(configured: string): string {
  try {
    const url = new URL(configured, document.baseURI);
    if (!url.pathname.endsWith('.json')) return configured;
    return new URL('remoteEntry.js', url).href;
  } catch {
    return configured;
  }
}

export { AreaLoadError, areaFailureOf, noAnswer, type AreaFailure } from './area-load-error';

/** What this page registered for a remote: its entry, and the versioned entry (build) that entry is known to be. */
interface Registration {
  entry: string;
  build: string | undefined;
}

const registrations = new Map<RemoteName, Registration>();
/** Remotes whose registered entry has been asked for: its container may be running. */
const started = new Set<RemoteName>();
/** Remotes whose entry failed: the runtime keeps that failure until the remote is registered again. */
const failed = new Set<RemoteName>();

export function configuredEntry(name: RemoteName): string {
  return remoteEntryUrl(getRuntimeConfig().remotes[name] ?? '');
}

/**
 * Registers `entry` for `remote`, replacing a registration the runtime may have used. `registerRemotes(..., { force:
 * true })` drops the runtime's cached container, its global and its instance, but not webpack's chunk list of that
 * container (`webpackChunk<uniqueName>`, the remote's federation name in every portal build): a new container of the
 * same name would adopt the old build's chunks from it, and run old code under the new build's chunk ids.
 */
export function register(remote: RemoteName, entry: string, build: string | undefined): void {
  registrations.set(remote, { entry, build });
  failed.delete(remote);
  registerRemotes([{ name: remote, entry }], { force: true });
  if (started.delete(remote)) Reflect.deleteProperty(globalThis, `webpackChunk${remote}`);
}

// ---------------------------------------------------------------------------------------------------------------
// The live build: each remote's no-cache expose-chunks.json names its current versioned entry.

/** How long a read answers for an intent, and an intent's read for the navigation it led to (a pointer, then the tap). */
const CHECK_REUSE_MS = 3_000;
/** A slow answer does not hold the area up longer: the registered entry is loaded, and a missing file still shows. */
const CHECK_TIMEOUT_MS = 2_000;

interface Check {
  /** The navigation that read it, or on whose screen an intent read it: 0 is the first screen's, whose listings the
   * page's configuration carries. */
  navigation: number;
  /** Read for an intent (a pointer on a link, a finger touching it, focus): for the navigation after `navigation`. */
  intent: boolean;
  at: number;
  live: Promise<string | undefined>;
}

const checks = new Map<RemoteName, Check>();
let navigation = 0;
let lastKey: string | undefined;

const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

/**
 * Counts the customer's navigations by the location key of the screen that asks (Back to a page keeps its key, so a
 * change of key is what counts): a remote's listing is read at most once per navigation.
 */
function noteNavigation(key: string | undefined): void {
  if (key === undefined || key === lastKey) return;
  if (lastKey !== undefined) navigation += 1;
  lastKey = key;
}

/**
 * Each remote's versioned entry where the server named one (a returning visitor's cache answers for it), else the
 * configured one. Registered from runtime config, so a remote can move without rebuilding the shell.
 */
export function registerPortalRemotes(): void {
  const { remoteEntries, remotes } = getRuntimeConfig();
  // Every remote the page's configuration names: an area added to the portal needs no shell release.
  const remoteNames = Object.keys(remotes);
  for (const name of remoteNames) {
    const canary = canaryEntryFor(name);
    if (canary) canaries.set(name, canary);
  }
  const buildOf = (name: RemoteName) => canaries.get(name) ?? remoteEntries[name];
  const definitions = remoteNames.map((name) => ({ name, entry: buildOf(name) ?? configuredEntry(name) }));
  for (const { name, entry } of definitions) registrations.set(name, { entry, build: buildOf(name) });
  registerRemotes(definitions);
  // The server read these listings for this page: they stand for the first screen's check.
  for (const name of remoteNames) checks.set(name, { navigation: 0, intent: false, at: now(), live: Promise.resolve(buildOf(name)) });
}

/**
 * The canary builds this browser was given by its page (its stable share is inside the canary's percentage): kept
 * for the page's life instead of the live build its listing names, until the area fails and Retry asks for the live
 * one. A rolled-back canary is gone at the next page load (the page no longer names it).
 */
const canaries = new Map<RemoteName, string>();

/** A remote's listing as read now: its versioned entry and the files its pages need, as absolute URLs. */
export interface LiveListing {
  entry: string;
  files: string[];
}

/** The remote's listing now; undefined when it cannot be told (no listing, no answer within `timeoutMs`). */
export async function readListing(remote: RemoteName, timeoutMs = CHECK_TIMEOUT_MS): Promise<LiveListing | undefined> {
  const base = configuredEntry(remote);
  const isFile = (name: unknown): name is string => typeof name === 'string' && /^[\w.-]+\.js$/.test(name);
  try {
    // Federation plumbing, not an API call: a static file beside the remote's entry, served no-cache.
    const response = await fetch(new URL('expose-chunks.json', base), {
      cache: 'no-cache',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const listing = (await response.json()) as { entry?: unknown; exposes?: unknown } | null;
    if (!isFile(listing?.entry)) return undefined;
    const exposes = listing.exposes && typeof listing.exposes === 'object' ? Object.values(listing.exposes) : [];
    const files = exposes.flatMap((names) => (Array.isArray(names) ? names.filter(isFile) : []));
    return { entry: new URL(listing.entry, base).href, files: files.map((name) => new URL(name, base).href) };
  } catch {
    return undefined;
  }
}

/** The versioned entry the remote's listing names now; undefined when it cannot be told. */
const readLiveEntry = (remote: RemoteName, timeoutMs = CHECK_TIMEOUT_MS): Promise<string | undefined> => {
  const canary = canaries.get(remote);
  return canary ? Promise.resolve(canary) : readListing(remote, timeoutMs).then((listing) => listing?.entry);
};

/** How long learning a running area's build may take: nothing waits for it, and a slow network still teaches it. */
const LEARN_TIMEOUT_MS = 30_000;

/**
 * The live build to load `remote` from. A navigation's loads share one read of the listing; the first screen's
 * loads share the page's own. No read is shared across navigations, however young, so a release or rollback reaches
 * the next click, with one exception: a navigation shares the read of the intent that led to it (a pointer on a link
 * on the screen before, a finger touching it, focus), within CHECK_REUSE_MS. An intent, whose load the click joins,
 * shares within CHECK_REUSE_MS another intent's read on the same screen, or on the first screen the page's own.
 */
function liveEntry(remote: RemoteName, intent: boolean): Promise<string | undefined> {
  const last = checks.get(remote);
  const recent = last !== undefined && now() - last.at < CHECK_REUSE_MS;
  const reusable =
    last !== undefined &&
    (intent
      ? recent && last.navigation === navigation && (last.intent || navigation === 0)
      : last.intent
        ? recent && last.navigation === navigation - 1
        : last.navigation === navigation);
  if (reusable) return last.live;
  const live = readLiveEntry(remote);
  checks.set(remote, { navigation, intent, at: now(), live });
  return live;
}

/**
 * Retry on an area that failed: its listing is read again, so a rollback since (or a redeployment) is what loads,
 * not the module the runtime keeps for the build that failed.
 */
export function forgetLiveBuild(remote: RemoteName): void {
  checks.delete(remote);
  canaries.delete(remote);
}

/** Downloads a not yet started remote's entry while its listing is read: nothing waits for the answer in vain. */
function preloadEntry(url: string): void {
  if (typeof document === 'undefined') return;
  if (Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).some((l) => l.href === url)) return;
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'script', href: url });
  document.head.appendChild(link);
}

/**
 * A remote about to start from its configured entry with no build known (the server could not read its listing):
 * that entry is served no-cache, so it is the build the listing names now. Read now, as this navigation's check,
 * and kept as the registration's build, so a later check naming that build does not load the same code again
 * under its versioned name (throwing away the running area).
 */
function learnBuildOfConfiguredEntry(remote: RemoteName, registration: Registration, intent: boolean): void {
  const learning = readLiveEntry(remote, LEARN_TIMEOUT_MS);
  // A load in this navigation waits for the answer no longer than any check; the learning itself goes on.
  const live = Promise.race([learning, new Promise<undefined>((done) => setTimeout(done, CHECK_TIMEOUT_MS))]);
  checks.set(remote, { navigation, intent, at: now(), live });
  void learning.then((build) => {
    if (build && registrations.get(remote) === registration) registrations.set(remote, { ...registration, build });
  });
}

/** Before an area loads: a remote redeployed or rolled back since this page registered it is registered anew. */
async function followLiveBuild(remote: RemoteName, intent: boolean): Promise<void> {
  if (!registrations.has(remote)) return;
  const checking = liveEntry(remote, intent);
  if (!started.has(remote)) preloadEntry(registrations.get(remote)!.entry);
  const live = await checking;
  // Read after the check: learning a build may have named it meanwhile.
  const registered = registrations.get(remote)!;
  if (registered.build === undefined && !started.has(remote)) {
    // The configured entry (preloading already) is served no-cache, so it is the build the listing names now: that
    // build is learnt rather than fetched a second time under its versioned name.
    if (live) registrations.set(remote, { ...registered, build: live });
    else learnBuildOfConfiguredEntry(remote, registered, intent);
  } else if (live && live !== registered.build) register(remote, live, live);
}

/**
 * Loads in flight, one per page module: the first screen's area starts loading in bootstrap, and the screen that
 * renders it joins that load. A settled load is forgotten, so Retry asks the runtime again.
 */
const inFlight = new Map<string, Promise<unknown>>();

export async function loadOnce<T>(remote: RemoteName, request: string): Promise<T> {
  if (failed.has(remote)) {
    // The runtime caches a failed entry: register this remote again so Retry really fetches again.
    const { entry, build } = registrations.get(remote)!;
    register(remote, entry, build);
  }
  started.add(remote);
  try {
    const module = await loadRemote<T>(request);
    if (!module) throw new Error(`${request} is empty`);
    reportAreaLoaded(remote, registrations.get(remote)?.entry);
    // A newly loaded area may have offered its own versions of the shared libraries: look when nothing else runs.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(reportSharedVersionConflicts);
    else setTimeout(reportSharedVersionConflicts, 0);
    return module;
  } catch (error) {
    // A page chunk that failed leaves the entry loaded and webpack ready to fetch the chunk again: only a failed
    // entry needs the re-registration (which would fetch the entry once more).
    if ((error as Error | undefined)?.name !== 'ChunkLoadError') failed.add(remote);
    throw error;
  }
}

/** The entry this page registered for `remote`: the file a failed entry load was fetching (`remote-recovery.ts`). */
export function registeredEntry(remote: RemoteName): string | undefined {
  return registrations.get(remote)?.entry;
}

/**
 * What tells a failure apart (`remote-recovery.ts`), fetched when a load has failed. If the shell's own file does not
 * come either, the connection is what failed.
 */
function recoveryModule(remote: RemoteName, failure: unknown): Promise<typeof import('./remote-recovery')> {
  return import(/* webpackChunkName: "remote-recovery" */ './remote-recovery').catch(() => {
    throw new AreaLoadError(noAnswer('portal-unreachable'), remote, { cause: failure });
  });
}

async function load<T>(remote: RemoteName, request: string, intent: boolean): Promise<T> {
  await followLiveBuild(remote, intent);
  try {
    return await loadOnce<T>(remote, request);
  } catch (error) {
    try {
      return await (await recoveryModule(remote, error)).recover<T>(remote, request, error);
    } catch (failure) {
      // Retry, or the next navigation, reads the listing again.
      checks.delete(remote);
      throw failure;
    }
  }
}

/**
 * One page module of a remote, loaded once however many screens ask at the same time. `navigationKey` is the
 * location key of the navigation that asks (a screen); without it the load belongs to the navigation under way, or,
 * with `intent`, to the one a customer is about to make.
 */
export function loadRemoteModule<T>(
  remote: RemoteName,
  exposedModule: string,
  navigationKey?: string,
  { intent = false }: { intent?: boolean } = {},
): Promise<T> {
  noteNavigation(navigationKey);
  const request = `${remote}/${exposedModule.replace(/^\.\//, '')}`;
  const joined = inFlight.get(request);
  if (joined) return joined as Promise<T>;
  const loading = load<T>(remote, request, intent);
  inFlight.set(request, loading);
  const forget = () => inFlight.delete(request);
  loading.then(forget, forget);
  return loading;
}

/**
 * Starts loading a page module now, for a screen about to render it (the first screen's, or with `intent` the one a
 * customer points at, touches or focuses a link to); a failure shows when that screen asks.
 */
export function startLoadingRemoteModule(remote: RemoteName, exposedModule: string, options: { intent?: boolean } = {}): void {
  loadRemoteModule(remote, exposedModule, undefined, options).catch(() => undefined);
}
