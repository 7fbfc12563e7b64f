import type { RemoteName } from '../routes';

/**
 * How one area opens a module another area exposes (the kits area opening billing's fund dialog) without importing
 * it: the host registers the loader, remotes only ask for `remote/module`. The exposing area owns the module's type;
 * the caller names the shape it uses at the call.
 */
export type RemoteModuleLoader = <T>(remote: RemoteName, exposedModule: string) => Promise<T>;

let loader: RemoteModuleLoader | null = null;

export function setRemoteModuleLoader(next: RemoteModuleLoader): void {
  loader = next;
}

export function loadRemoteModule<T>(remote: RemoteName, exposedModule: string): Promise<T> {
  if (!loader) return Promise.reject(new Error(`No host has registered a loader for ${remote}/${exposedModule}`));
  return loader<T>(remote, exposedModule);
}
