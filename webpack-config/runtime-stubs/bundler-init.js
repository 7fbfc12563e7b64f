// Stands in for @module-federation/webpack-bundler-runtime's init.js in production: the same start of a container's
// runtime, without the plugin that serves shared tree shaking, which no build here turns on.
import { leftOut } from './left-out.js';

function init({ webpackRequire }) {
  const { initOptions, runtime, sharedFallback } = webpackRequire.federation;
  if (!initOptions) throw new Error('initOptions is required!');
  if (sharedFallback) leftOut('shared tree shaking');
  return runtime.init(initOptions);
}

export { init };
