import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Federation runtime plugin: a remote that cannot be fetched must never take the shell down. Loading a
 * shared dependency through a dead remote falls back to the host's own copy; loading a remote module
 * rejects, and the area's error boundary shows a message with Retry.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-error-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[federation] could not load ${id} (${lifecycle})`, error);
      if (lifecycle === 'beforeLoadShare') return undefined;
      throw error instanceof Error ? error : new Error(`Could not load ${id}`);
    },
  };
}
