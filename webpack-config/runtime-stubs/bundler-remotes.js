// Stands in for @module-federation/webpack-bundler-runtime's remotes.js in production: it loads remotes that webpack
// knows at build time (`remotes` in the federation config), and every app here has none (the shell registers its
// remotes at run time, `loadRemote`).
import { leftOut } from './left-out.js';

const remotes = () => leftOut('build-time remotes (`remotes` in the federation config)');

export { remotes };
