/* global BUNDLER_RUNTIME_VERSION, FEDERATION_BUILD_IDENTIFIER -- the release the build checked this against
   (webpack-config DefinePlugin), this build's id (the federation plugin's) */
// Stands in for @module-federation/webpack-bundler-runtime's dist/bundler.js in a remote's production entry: the
// functions come from the shell (`provide.js`), which loads every remote; what is per container stays here (this
// build's id, by which the runtime finds the container's instance, and its share scope `S`). Of the container's
// `@module-federation/runtime` only `init` is called (by the bundler runtime's `init`), and the shell hands that too
// (`container-runtime.js`), so no remote entry carries the runtime's namespace.
const host = globalThis._PORTAL_FEDERATION_BUNDLER_RUNTIME;
// A shell of the same release built before it handed `initContainerRuntime` and `loadScriptFor` lacks them.
const complete = host && typeof host.initContainerRuntime === 'function' && typeof host.loadScriptFor === 'function';
if (!host || host.version !== BUNDLER_RUNTIME_VERSION || !complete) {
  throw new Error(
    `This remote needs the federation bundler runtime ${BUNDLER_RUNTIME_VERSION} from the shell, with its container runtime and script loader, which provides ${host ? `${host.version}${complete ? '' : ' without them'}` : 'none'} (webpack-config/bundler-runtime).`,
  );
}

// As @module-federation/runtime finds this container's instance: by the id the federation plugin gives this build.
const buildId = typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '';
const runtime = Object.freeze({ init: (options) => host.initContainerRuntime(options, buildId) });

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
