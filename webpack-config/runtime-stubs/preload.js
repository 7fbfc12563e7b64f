// Stands in for runtime-core's utils/preload.js in the shell's production build: only preloadRemote and the snapshot
// plugins (off with `disableSnapshot`) use it, and the portal preloads an area's files from its HTML instead.
import { leftOut } from './left-out.js';

const preload = () => leftOut('preloadRemote');

export {
  preload as defaultPreloadArgs,
  preload as formatPreloadArgs,
  preload as normalizePreloadExposes,
  preload as preloadAssets,
};
