import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, type RemoteName } from 'shared-api';
import { canaryEntryFor } from '../health/canary';
import { reportAreaLoaded } from '../health/health-reporting';
import { AreaLoadError, noAnswer } from './area-load-error';
import { isOutdated, isWithdrawn, liveEntry, readPointer, releaseWatch } from './release-watch';
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

/** The entry this page registered for each remote: the build it runs, or will run once the area is asked for. */
const registrations = new Map<RemoteName, string>();
/** Remotes whose registered entry has been asked for: its container may be running, and it is never replaced. */
const started = new Set<RemoteName>();
/** Remotes whose entry failed: the runtime keeps that failure until the remote is registered again. */
const failed = new Set<RemoteName>();

const configuredEntry = (name: RemoteName): string => remoteEntryUrl(getRuntimeConfig().remotes[name] ?? '');

/** Registers `entry` for a remote whose container is not running (never started, or its entry failed to load). */
function register(remote: RemoteName, entry: string): void {
  registrations.set(remote, entry);
  failed.delete(remote);
  registerRemotes([{ name: remote, entry }], { force: true });
}

/**
 * Each remote's versioned entry where the server named one (a returning visitor's cache answers for it; the canary's
 * for a browser in its share), else the configured one. Registered from runtime config, so a remote can move
 * without rebuilding the shell.
 */
export function registerPortalRemotes(): void {
  const { remoteEntries, remotes } = getRuntimeConfig();
  // Every remote the page's configuration names: an area added to the portal needs no shell release.
  const definitions = Object.keys(remotes).map((name) => ({
    name,
    entry: canaryEntryFor(name) ?? remoteEntries[name] ?? configuredEntry(name),
  }));
  for (const { name, entry } of definitions) registrations.set(name, entry);
  arrived.clear();
  registerRemotes(definitions);
}

/** The entry this page registered for `remote`: what its health reports are tagged with. */
export function registeredEntry(remote: RemoteName): string | undefined {
  return registrations.get(remote);
}

/** The build of `remote` on screen, if its code runs in this tab. */
export const runningEntry = (remote: RemoteName): string | undefined => (started.has(remote) ? registrations.get(remote) : undefined);

/**
 * Loads in flight, one per page module: the first screen's area starts loading in bootstrap, and the screen that
 * renders it joins that load. A settled load is forgotten, so Retry asks the runtime again.
 */
const inFlight = new Map<string, Promise<unknown>>();
/** Page modules that have arrived, by request: a screen asking for one again renders it at once (`arrivedRemoteModule`). */
const arrived = new Map<string, unknown>();

/** `fetchOnly`: the page's code is downloaded and its chunks read, but its modules are not run (the idle prefetch). */
type LoadOptions = { fetchOnly?: boolean };

async function loadOnce<T>(remote: RemoteName, request: string, { fetchOnly = false }: LoadOptions = {}): Promise<T> {
  // The runtime caches a failed entry: register this remote again so Retry really fetches again.
  if (failed.has(remote)) register(remote, registrations.get(remote)!);
  started.add(remote);
  try {
    const module = await (fetchOnly ? loadRemote<T>(request, { loadFactory: false, from: 'runtime' }) : loadRemote<T>(request));
    if (!module) throw new Error(`${request} is empty`);
    if (fetchOnly) return module;
    arrived.set(request, module);
    reportAreaLoaded(remote, registrations.get(remote));
    // A newly loaded area may have offered its own versions of the shared libraries: look when nothing else runs.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(reportSharedVersionConflicts);
    else setTimeout(reportSharedVersionConflicts, 0);
    return module;
  } catch (error) {
    // A page chunk that failed leaves the entry loaded and webpack ready to fetch the chunk again: only a failed
    // entry needs the re-registration (which would fetch the entry once more).
    if ((error as Error | undefined)?.name !== 'ChunkLoadError') {
      failed.add(remote);
      started.delete(remote);
    }
    throw error;
  }
}

/** What tells a failure apart (`remote-recovery.ts`), fetched when a load has failed. */
function recoveryModule(remote: RemoteName, failure: unknown): Promise<typeof import('./remote-recovery')> {
  return import(/* webpackChunkName: "remote-recovery" */ './remote-recovery').catch(() => {
    // The shell's own file did not come either: the connection is what failed.
    throw new AreaLoadError(noAnswer('portal-unreachable'), remote, { cause: failure });
  });
}

/**
 * After a failed load: loaded after all where the failure allows, else an AreaLoadError saying why. A file of this
 * page's build gone from the server: a remote not running yet is loaded from the live build (the pointer's, else the
 * no-cache remoteEntry.js); a running one can follow only by a page load ("outdated"), unless the pointer says it is
 * the live build that lacks the file ("incomplete").
 */
async function recover<T>(remote: RemoteName, request: string, error: unknown): Promise<T> {
  const { diagnose } = await recoveryModule(remote, error);
  const registered = registrations.get(remote);
  const { diagnosis } = await diagnose(error, registered);
  if (diagnosis === 'unanswered') throw new AreaLoadError(noAnswer('unreachable'), remote, { cause: error });
  if (diagnosis === 'failed') throw new AreaLoadError('failed', remote, { cause: error });
  if (diagnosis === 'gone') {
    await readPointer();
    const live = liveEntry(remote);
    if (started.has(remote)) throw new AreaLoadError(live === undefined || live === registered ? 'incomplete' : 'outdated', remote, { cause: error });
    // The configured remoteEntry.js is served no-cache: the newest build, whatever the pointer said.
    const next = live && live !== registered ? live : configuredEntry(remote);
    if (next === registered) throw new AreaLoadError('failed', remote, { cause: error });
    register(remote, next);
  }
  try {
    return await loadOnce<T>(remote, request);
  } catch (again) {
    const { diagnosis: then } = await diagnose(again, registrations.get(remote));
    throw new AreaLoadError(then === 'gone' ? 'incomplete' : then === 'unanswered' ? noAnswer('unreachable') : 'failed', remote, { cause: again });
  }
}

async function load<T>(remote: RemoteName, request: string, options?: LoadOptions): Promise<T> {
  // A build the tab learnt was withdrawn is never loaded: a remote not running yet gets the live one instead.
  const registered = registrations.get(remote);
  if (!started.has(remote) && isWithdrawn(remote, registered)) register(remote, liveEntry(remote) ?? configuredEntry(remote));
  try {
    return await loadOnce<T>(remote, request, options);
  } catch (error) {
    // A prefetch that failed is not recovered: the screen that asks for the page will be, and will say why.
    if (options?.fetchOnly) throw error;
    return recover<T>(remote, request, error);
  }
}

let lastKey: string | undefined;

/** A new screen (its location key; Back to a page keeps its key) after the first one. */
function isNewNavigation(key: string | undefined): boolean {
  if (key === undefined || key === lastKey) return false;
  const first = lastKey === undefined;
  lastKey = key;
  return !first;
}

/**
 * One page module of a remote, loaded once however many screens ask at the same time. `navigationKey` is the
 * location key of the screen that asks. A navigation after the tab learnt of a newer release is a full page load
 * (the new page names the live builds and routes): no navigation waits for a read.
 */
export function loadRemoteModule<T>(remote: RemoteName, exposedModule: string, navigationKey?: string): Promise<T> {
  if (isNewNavigation(navigationKey) && isOutdated()) {
    releaseWatch.reloadPage();
    // The loading state stays until the new page replaces this one.
    return new Promise<T>(() => undefined);
  }
  const request = requestOf(remote, exposedModule);
  const joined = inFlight.get(request);
  if (joined) return joined as Promise<T>;
  const loading = load<T>(remote, request);
  inFlight.set(request, loading);
  const forget = () => inFlight.delete(request);
  loading.then(forget, forget);
  return loading;
}

const requestOf = (remote: RemoteName, exposedModule: string) => `${remote}/${exposedModule.replace(/^\.\//, '')}`;

/** A page module that has arrived (the idle prefetch, an earlier visit), unless this navigation is a page load. */
export function arrivedRemoteModule<T>(remote: RemoteName, exposedModule: string, navigationKey?: string): T | undefined {
  const module = arrived.get(requestOf(remote, exposedModule)) as T | undefined;
  if (module === undefined || isOutdated()) return undefined;
  isNewNavigation(navigationKey);
  return module;
}

/** Forgets a page module that threw while rendering, so a Retry asks the runtime for it again. */
export function forgetRemoteModule(remote: RemoteName, exposedModule: string): void {
  arrived.delete(requestOf(remote, exposedModule));
}

/**
 * Starts loading a page module now, for a screen about to render it (the first screen's, or one a customer points
 * at, touches or focuses a link to); a failure shows when that screen asks. Not once the tab knows of a newer
 * release: its next navigation is a page load, which would not use it.
 */
export function startLoadingRemoteModule(remote: RemoteName, exposedModule: string): void {
  if (isOutdated()) return;
  loadRemoteModule(remote, exposedModule).catch(() => undefined);
}

/**
 * Downloads a page module's code, its remote's entry included, without running the page's modules: what the idle
 * prefetch asks, so a phone's idle time right after a visit starts is not spent evaluating pages the customer may
 * never open. The click runs them (a few milliseconds) from what is then in memory.
 */
export function fetchRemoteModule(remote: RemoteName, exposedModule: string): void {
  const request = requestOf(remote, exposedModule);
  if (isOutdated() || arrived.has(request) || inFlight.has(request)) return;
  load(remote, request, { fetchOnly: true }).catch(() => undefined);
}
