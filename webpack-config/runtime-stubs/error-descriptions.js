// Stands in for @module-federation/error-codes' dist/desc.mjs in the shell's production build (and so in the remotes,
// which take the shell's messages): the messages of the errors its runtime can still raise, as 2.9.2 words them
// (budgets/ compares them). Those of the manifest and snapshot code (`disableSnapshot`), of loadShareSync
// (PRUNED_RUNTIME), of the build and type tooling, and RUNTIME-012 (the bundler runtime's consumes.js carries its own
// copy) are left out; an error's code (`#RUNTIME-008`, which the shell's
// remote loader reads) is in its message either way.
import {
  RUNTIME_001,
  RUNTIME_002,
  RUNTIME_004,
  RUNTIME_008,
  RUNTIME_009,
  RUNTIME_010,
  RUNTIME_014,
  RUNTIME_015,
} from 'federation-error-codes-dist/error-codes.mjs';

const runtimeDescMap = {
  [RUNTIME_001]: 'Failed to get remoteEntry exports.',
  [RUNTIME_002]: 'The remote entry interface does not contain "init"',
  [RUNTIME_004]: 'Failed to locate remote.',
  [RUNTIME_008]: 'Failed to load script resources.',
  [RUNTIME_009]: 'Please call createInstance first.',
  [RUNTIME_010]:
    'The name option cannot be changed after initialization. If you want to create a new instance with a different name, please use "createInstance" api.',
  [RUNTIME_014]: 'The remote does not expose the requested module.',
  [RUNTIME_015]: 'Remote container initialization failed.',
};
const typeDescMap = {};
const buildDescMap = {};
const errorDescMap = runtimeDescMap;

export { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };
