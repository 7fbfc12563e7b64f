import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, remoteNames, type RemoteName } from 'shared-api';
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

/** Remotes whose versioned entry failed to load on this page: from then on they use their configured entry. */
const unversioned = new Set<RemoteName>();

function versionedEntry(name: RemoteName): string | undefined {
  return unversioned.has(name) ? undefined : getRuntimeConfig().remoteEntries[name];
}

/**
 * Each remote's versioned entry where the server named one (a returning visitor's cache answers for it), else the
 * configured one.
 */
function remoteDefinitions() {
  const { remotes } = getRuntimeConfig();
  return remoteNames.map((name) => ({ name, entry: versionedEntry(name) ?? remoteEntryUrl(remotes[name]) }));
}

/** Registered from runtime config, so a remote can move without rebuilding the shell. */
export function registerPortalRemotes(): void {
  registerRemotes(remoteDefinitions());
}

const failed = new Set<RemoteName>();
/**
 * Loads in flight, one per page module: the first screen's area starts loading in bootstrap, and the screen that
 * renders it joins that load. A settled load is forgotten, so Retry asks the runtime again.
 */
const inFlight = new Map<string, Promise<unknown>>();

async function loadOnce<T>(remote: RemoteName, request: string): Promise<T> {
  if (failed.has(remote)) {
    // The runtime caches a failed entry: re-register this remote so Retry really fetches again.
    registerRemotes(remoteDefinitions().filter((r) => r.name === remote), { force: true });
    failed.delete(remote);
  }
  try {
    const module = await loadRemote<T>(request);
    if (!module) throw new Error(`${request} is empty`);
    // A newly loaded area may have offered its own versions of the shared libraries: look when nothing else runs.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(reportSharedVersionConflicts);
    else setTimeout(reportSharedVersionConflicts, 0);
    return module;
  } catch (error) {
    // A page chunk that failed leaves the entry loaded and webpack ready to fetch the chunk again: only a failed
    // entry needs the re-registration (which would fetch the entry once more).
    if (!isChunkLoadError(error)) failed.add(remote);
    throw error;
  }
}

function isChunkLoadError(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ChunkLoadError';
}

/**
 * Asked for once more, at once:
 * - a page chunk that failed to load. The server preloads a route's page chunks with the HTML; when that preload
 *   failed (the network dropped), Chromium hands the failed copy to the next request for the same file without
 *   asking the network, so the customer's first Retry would fail even with the network back;
 * - a versioned entry that failed: the remote may have been redeployed since the page was served, and its old
 *   build removed. The configured entry always names the newest build.
 */
async function load<T>(remote: RemoteName, request: string): Promise<T> {
  try {
    return await loadOnce<T>(remote, request);
  } catch (error) {
    if (isChunkLoadError(error)) return loadOnce<T>(remote, request);
    if (versionedEntry(remote) === undefined) throw error;
    unversioned.add(remote);
    return loadOnce<T>(remote, request);
  }
}

export function loadRemoteModule<T>(remote: RemoteName, exposedModule: string): Promise<T> {
  const request = `${remote}/${exposedModule.replace(/^\.\//, '')}`;
  const joined = inFlight.get(request);
  if (joined) return joined as Promise<T>;
  const loading = load<T>(remote, request);
  inFlight.set(request, loading);
  const forget = () => inFlight.delete(request);
  loading.then(forget, forget);
  return loading;
}

/** Starts loading a page module now, for a screen about to render it; a failure shows when that screen asks. */
export function startLoadingRemoteModule(remote: RemoteName, exposedModule: string): void {
  loadRemoteModule(remote, exposedModule).catch(() => undefined);
}
