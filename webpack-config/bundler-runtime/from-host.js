/* global BUNDLER_RUNTIME_VERSION -- the release the build checked this against (webpack-config DefinePlugin) */
// Stands in for @module-federation/webpack-bundler-runtime's dist/bundler.js in a remote's production entry: the
// functions come from the shell (`provide.js`), which loads every remote; what is per container stays here (this
// container's `@module-federation/runtime`, which finds its instance by this build's id, and its share scope `S`).
// Of that runtime only `init` is called (by the bundler runtime's `init`), as in the shell (runtime-stubs/bundler-index.js):
// the whole namespace kept every export's wrapper in each remote entry.
import { init } from '@module-federation/runtime';

const host = globalThis._PORTAL_FEDERATION_BUNDLER_RUNTIME;
if (!host || host.version !== BUNDLER_RUNTIME_VERSION) {
  throw new Error(
    `This remote needs the federation bundler runtime ${BUNDLER_RUNTIME_VERSION} from the shell, which provides ${host ? host.version : 'none'} (webpack-config/bundler-runtime).`,
  );
}

const runtime = Object.freeze({ init });

const bundlerRuntime = {
  // No remote of this portal loads another remote through webpack (`remotes: {}`).
  remotes: undefined,
  consumes: host.consumes,
  I: host.initializeSharing,
  S: {},
  installInitialConsumes: host.installInitialConsumes,
  initContainerEntry: host.initContainerEntry,
  init: host.init,
  getSharedFallbackGetter: host.getSharedFallbackGetter,
};
const federation = {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime,
  attachShareScopeMap: host.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
const { instance, initOptions, bundlerRuntimeOptions } = federation;
const { attachShareScopeMap } = host;

export {
  attachShareScopeMap,
  bundlerRuntime,
  bundlerRuntimeOptions,
  federation as default,
  initOptions,
  instance,
  runtime,
};
