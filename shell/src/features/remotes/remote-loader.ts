import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, type RemoteName } from 'shared-api';
import { reportSharedVersionConflicts } from './shared-versions';

/** Federation names, as each remote's build declares them. */
export const remoteNames: RemoteName[] = ['auth', 'kits', 'billing', 'profile'];

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

function remoteDefinitions() {
  const { remotes } = getRuntimeConfig();
  return remoteNames.map((name) => ({ name, entry: remoteEntryUrl(remotes[name]) }));
}

/** Registered from runtime config, so a remote can move without rebuilding the shell. */
export function registerPortalRemotes(): void {
  registerRemotes(remoteDefinitions());
}

const failed = new Set<RemoteName>();

export async function loadRemoteModule<T>(remote: RemoteName, exposedModule: string): Promise<T> {
  if (failed.has(remote)) {
    // The runtime caches a failed entry: re-register this remote so Retry really fetches again.
    registerRemotes(remoteDefinitions().filter((r) => r.name === remote), { force: true });
    failed.delete(remote);
  }
  const request = `${remote}/${exposedModule.replace(/^\.\//, '')}`;
  try {
    const module = await loadRemote<T>(request);
    if (!module) throw new Error(`${request} is empty`);
    // A newly loaded area may have offered its own versions of the shared libraries: look when nothing else runs.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(reportSharedVersionConflicts);
    else setTimeout(reportSharedVersionConflicts, 0);
    return module;
  } catch (error) {
    failed.add(remote);
    throw error;
  }
}
