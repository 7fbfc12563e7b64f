import { getInstance } from '@module-federation/enhanced/runtime';

/** The share scopes as the federation runtime keeps them: scope → package → version → who provided it. */
export type ShareScopes = Record<string, Record<string, Record<string, { from?: string }>>>;

/** The part of a version a caret range holds fixed: the major, or 0.minor below 1.0. */
function compatibilityKey(version: string): string {
  const [major = version, minor = '0'] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
}

/**
 * Shared libraries offered in incompatible versions, one line each ("react: 19.1.0 (shell), 18.3.1 (kits)").
 * The shared libraries are singletons, so everyone runs the loaded copy whatever they were built with.
 */
export function sharedVersionConflicts(scopes: ShareScopes): string[] {
  const conflicts: string[] = [];
  for (const packages of Object.values(scopes)) {
    for (const [name, versions] of Object.entries(packages)) {
      const keys = new Set(Object.keys(versions).map(compatibilityKey));
      if (keys.size < 2) continue;
      const offers = Object.entries(versions).map(([version, shared]) => `${version} (${shared.from ?? 'unknown'})`);
      conflicts.push(`${name}: ${offers.join(', ')}`);
    }
  }
  return conflicts;
}

const reported = new Set<string>();

/**
 * Runs after an area has loaded, when the browser is idle, and says once what a separately deployed area built
 * against: beside the runtime's own check of each singleton's required range, it names every version offered.
 */
export function reportSharedVersionConflicts(): void {
  const scopes = getInstance()?.shareScopeMap as ShareScopes | undefined;
  if (!scopes) return;
  for (const conflict of sharedVersionConflicts(scopes)) {
    if (reported.has(conflict)) continue;
    reported.add(conflict);
    console.warn(`[portal] Areas were built against incompatible versions of a shared library, ${conflict}; all of them use the loaded one.`);
  }
}
