// Stands in for runtime-core's utils/context.js in the shell's production build: the host's options, summarised for a
// diagnostic report, are handed with each runtime error to @module-federation/error-codes' browser `logAndReport`,
// which does not read them (webpack-config checks that it still does not); the runtime built that summary for nothing.
const optionsToMFContext = () => undefined;

export { optionsToMFContext };
