// Stands in for @module-federation/webpack-bundler-runtime's updateOptions.js in production: the same registration of
// a container's consumed libraries, without what serves Rspack's share-scope data (`initializeSharingData`, which
// webpack never writes), shared tree shaking (never on: bundler-init.js refuses it), eager shared libraries
// (bundler-initial-consumes.js) and build-time remotes (bundler-remotes.js).
import { leftOut } from './left-out.js';

function updateConsumeOptions(options) {
  const { webpackRequire, moduleToHandlerMapping } = options;
  const { consumesLoadingData: loading, initializeSharingData } = webpackRequire;
  if (initializeSharingData) leftOut("Rspack's share-scope data (initializeSharingData)");
  if (!loading || loading._updated) return;
  const { moduleIdToConsumeDataMapping = {}, chunkMapping: loadingChunkMapping = {} } = loading;
  Object.entries(moduleIdToConsumeDataMapping).forEach(([id, data]) => {
    if (moduleToHandlerMapping[id]) return;
    moduleToHandlerMapping[id] = {
      getter: data.fallback,
      shareInfo: {
        shareConfig: {
          requiredVersion: data.requiredVersion,
          strictVersion: data.strictVersion,
          singleton: data.singleton,
          eager: data.eager,
          layer: data.layer,
        },
        scope: Array.isArray(data.shareScope) ? data.shareScope : [data.shareScope || 'default'],
      },
      shareKey: data.shareKey,
    };
  });
  if ('chunkMapping' in options) {
    const { chunkMapping = {} } = options;
    Object.entries(loadingChunkMapping).forEach(([id, chunkModules]) => {
      if (!chunkMapping[id]) chunkMapping[id] = [];
      chunkModules.forEach((moduleId) => {
        if (!chunkMapping[id].includes(moduleId)) chunkMapping[id].push(moduleId);
      });
    });
  }
  loading._updated = 1;
}

const updateRemoteOptions = () => leftOut('build-time remotes (`remotes` in the federation config)');

export { updateConsumeOptions, updateRemoteOptions };
