/* global BUNDLER_RUNTIME_VERSION, __webpack_require__ -- the release the build checked this against (webpack-config DefinePlugin), webpack's require */
// The shell's runtime plugin that hands its copy of the webpack bundler runtime's functions to the remotes, whose
// production entries are built without one (`from-host.js`): they are the same code in every container, and each
// remote entry carried its own copy.
import { attachShareScopeMap } from 'federation-bundler-runtime-dist/attachShareScopeMap.js';
import { consumes } from 'federation-bundler-runtime-dist/consumes.js';
import { getSharedFallbackGetter } from 'federation-bundler-runtime-dist/getSharedFallbackGetter.js';
import { init } from 'federation-bundler-runtime-dist/init.js';
import { initContainerEntry } from 'federation-bundler-runtime-dist/initContainerEntry.js';
import { initializeSharing } from 'federation-bundler-runtime-dist/initializeSharing.js';
import { installInitialConsumes } from 'federation-bundler-runtime-dist/installInitialConsumes.js';
import { runtimeDescMap } from '@module-federation/error-codes';
import { initContainerRuntime } from './container-runtime.js';

// Set when the shell's runtime starts, before any remote entry can load.
globalThis._PORTAL_FEDERATION_BUNDLER_RUNTIME = Object.freeze({
  version: BUNDLER_RUNTIME_VERSION,
  attachShareScopeMap,
  consumes,
  getSharedFallbackGetter,
  init,
  initContainerEntry,
  initializeSharing,
  installInitialConsumes,
  initContainerRuntime,
  // Webpack's script loader as a factory (webpack-config SharedScriptLoaderPlugin), for each remote's chunks.
  loadScriptFor: __webpack_require__.loadScriptFor,
  // The messages of the runtime's errors, which remotes built before `initContainerRuntime` read (they carried their
  // own copy of the runtime's `init`).
  runtimeDescMap,
});

export default function provideBundlerRuntimePlugin() {
  return { name: 'portal-provide-bundler-runtime' };
}
