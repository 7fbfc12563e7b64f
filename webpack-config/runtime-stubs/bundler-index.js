// Stands in for @module-federation/webpack-bundler-runtime's index.js in the shell's production build: the same
// container runtime but for its `runtime`, the whole @module-federation/runtime as a namespace, which kept every export
// of it in main.js (preloadRemote and loadShareSync included): the bundler runtime calls only its `init` (init.js),
// webpack's start-up code checks that it is set, and the shell imports the functions it calls by name.
import { init as initRuntime } from '@module-federation/runtime';
import { attachShareScopeMap } from 'federation-bundler-runtime-dist/attachShareScopeMap.js';
import { consumes } from 'federation-bundler-runtime-dist/consumes.js';
import { getSharedFallbackGetter } from 'federation-bundler-runtime-dist/getSharedFallbackGetter.js';
import { init } from 'federation-bundler-runtime-dist/init.js';
import { initContainerEntry } from 'federation-bundler-runtime-dist/initContainerEntry.js';
import { initializeSharing } from 'federation-bundler-runtime-dist/initializeSharing.js';
import { installInitialConsumes } from 'federation-bundler-runtime-dist/installInitialConsumes.js';
import { remotes } from 'federation-bundler-runtime-dist/remotes.js';

const runtime = Object.freeze({ init: initRuntime });

const bundlerRuntime = {
  remotes,
  consumes,
  I: initializeSharing,
  S: {},
  installInitialConsumes,
  initContainerEntry,
  init,
  getSharedFallbackGetter,
};
const federation = {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime,
  attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
const { instance, initOptions, bundlerRuntimeOptions } = federation;

export { attachShareScopeMap, bundlerRuntime, bundlerRuntimeOptions, federation as default, initOptions, instance, runtime };
