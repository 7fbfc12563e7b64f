// Stands in for @module-federation/webpack-bundler-runtime's installInitialConsumes.js in production: webpack's
// start-up code calls it only for eager shared libraries (or shared tree shaking), which no build here declares.
import { leftOut } from './left-out.js';

const installInitialConsumes = () => leftOut('eager shared libraries (installInitialConsumes)');

export { installInitialConsumes };
