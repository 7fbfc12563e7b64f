// Tests start the real server (PGlite boots a WASM Postgres per file), so give them room.
module.exports = {
  ...require('../jest.preset.js')({ environment: 'node' }),
  testTimeout: 60000,
  maxWorkers: 2,
};
