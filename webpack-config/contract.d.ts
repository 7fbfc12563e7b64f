/** A build's release-contract.json, and the id of its release once in the store (release/src/store.ts: ReleaseManifest). */
export interface ContractParty {
  app: string;
  id?: string;
  shared: Record<string, string>;
  requires?: Record<string, string>;
  /** The shell's: each shared-api/shared-ui share key it provides -> its export names. */
  exports?: Record<string, string[]>;
  /** A remote's: each shared-api/shared-ui share key it consumes -> the names it imports. */
  imports?: Record<string, string[]>;
}

/** Each app's federation name -> its folder, from the registry (portal-registry). */
export const APPS: Record<import('portal-registry').AppName, string>;
/** The Module Federation runtime core, versioned in the contract beside the singletons (as installed). */
export const FEDERATION_RUNTIME: string;
export const SINGLETONS: readonly string[];
export function appName(nameOrDir: string): keyof typeof APPS | null;
export function defaultStoreDir(env?: NodeJS.ProcessEnv): string;
export function versionFrom(dirname: string, pkg: string): string;
export function sharedVersions(dirname: string): Record<string, string>;
export function requiredRanges(shared: Record<string, string>, options?: { externalRuntime?: boolean }): Record<string, string>;
export function declaredRange(dirname: string, pkg: string): string | undefined;
export function federationRuntimeVersion(dirname: string): string;
export const NAMED_EXPORTS: RegExp;
export function exportProblems(shell: ContractParty, remote: ContractParty): string[];
export function contractProblems(shell: ContractParty, remote: ContractParty): string[];
