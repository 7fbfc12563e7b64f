// Stands in for @module-federation/webpack-bundler-runtime's getSharedFallbackGetter.js in production: a fallback
// getter other than the module's own factory exists only with shared tree shaking, which no build here turns on.
import { leftOut } from './left-out.js';

const getSharedFallbackGetter = ({ factory, webpackRequire }) => {
  if (webpackRequire.federation.sharedFallback) leftOut('shared tree shaking');
  return factory;
};

export { getSharedFallbackGetter };
