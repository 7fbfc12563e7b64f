// Stands in for @module-federation/error-codes' dist/desc.mjs in the shell's production build (and so in the remotes,
// which take the shell's messages): the messages of the errors its runtime can still raise, as 2.9.2 words them
// (budgets/ compares them). Left out: those of the manifest and snapshot code (`disableSnapshot`), of loadShareSync
// (PRUNED_RUNTIME), of the build and type tooling, and RUNTIME-012, of which the bundler runtime's consumes.js has its
// own copy. An error's code (`#RUNTIME-008`, which the shell's remote loader reads) is in its message either way.
const runtimeDescMap = {
  'RUNTIME-001': 'Failed to get remoteEntry exports.',
  'RUNTIME-002': 'The remote entry interface does not contain "init"',
  'RUNTIME-004': 'Failed to locate remote.',
  'RUNTIME-008': 'Failed to load script resources.',
  'RUNTIME-009': 'Please call createInstance first.',
  'RUNTIME-010':
    'The name option cannot be changed after initialization. If you want to create a new instance with a different name, please use "createInstance" api.',
  'RUNTIME-014': 'The remote does not expose the requested module.',
  'RUNTIME-015': 'Remote container initialization failed.',
};
const typeDescMap = {};
const buildDescMap = {};
const errorDescMap = runtimeDescMap;

export { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };
