// The single app's stand-in for shell/src/features/remotes/remote-loader.ts: every area is in this build, so a page
// module is a lazy chunk loaded by webpack's import(), with no remote entry or registration.
import type { RemoteName } from 'shared-api';
import { pageModules } from 'virtual:page-modules';
import { AreaLoadError } from 'shell-src/features/remotes/area-load-error';

export { AreaLoadError, areaFailureOf, type AreaFailure } from 'shell-src/features/remotes/area-load-error';

export function remoteEntryUrl(configured: string): string {
  return configured;
}

/** Nothing to register: the areas are chunks of this build. */
export function registerPortalRemotes(): void {}

/** Page modules that have arrived, as the portal's loader keeps them (its `arrivedRemoteModule`). */
const arrived = new Map<string, unknown>();

/** One page module; webpack loads each chunk once, and fetches it again after a failure (Retry). */
export function loadRemoteModule<T>(remote: RemoteName, exposedModule: string, _navigationKey?: string): Promise<T> {
  const request = `${remote}/${exposedModule.replace(/^\.\//, '')}`;
  const load = pageModules[request];
  if (!load) return Promise.reject(new AreaLoadError('failed', remote));
  return load().then(
    (module) => (arrived.set(request, module), module as T),
    (error: unknown) => {
      const offline = (error as Error | undefined)?.name === 'ChunkLoadError';
      throw new AreaLoadError(offline ? 'offline' : 'failed', remote, { cause: error });
    },
  );
}

/** A page module that has arrived: rendered at once, as in the portal (no release can make a navigation a page load). */
export function arrivedRemoteModule<T>(remote: RemoteName, exposedModule: string, _navigationKey?: string): T | undefined {
  return arrived.get(`${remote}/${exposedModule.replace(/^\.\//, '')}`) as T | undefined;
}

export function startLoadingRemoteModule(remote: RemoteName, exposedModule: string): void {
  loadRemoteModule(remote, exposedModule).catch(() => undefined);
}

/** A chunk of one bundle cannot be downloaded without running it: the idle prefetch's download is a load here. */
export const fetchRemoteModule = startLoadingRemoteModule;

/** A page module that threw while rendering is asked for again on Retry, as in the portal. */
export function forgetRemoteModule(remote: RemoteName, exposedModule: string): void {
  arrived.delete(`${remote}/${exposedModule.replace(/^\.\//, '')}`);
}

/** No remote entry: an area's error is reported without one. */
export function registeredEntry(_remote: RemoteName): string | undefined {
  return undefined;
}

/** No remote build runs in this app: none can be withdrawn. */
export function runningEntry(_remote: RemoteName): string | undefined {
  return undefined;
}
