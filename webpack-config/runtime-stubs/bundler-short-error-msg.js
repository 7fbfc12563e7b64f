// Stands in for @module-federation/webpack-bundler-runtime's bundled copy of @module-federation/error-codes'
// getShortErrorMsg in the shell's production build, which carries the original for the runtime's own errors (budgets/
// checks that the two still write the same message).
import { getShortErrorMsg } from '@module-federation/error-codes';

export { getShortErrorMsg };
