// Tests start the real server (PGlite boots a WASM Postgres per file), so give them room.
module.exports = {
  ...require('../jest.preset.js')({ environment: 'node' }),
  testTimeout: 60000,
  maxWorkers: 2,
  // Two API processes on PostgreSQL: its own run (`npm run test:instances`), after the suites that need no second process.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/instances\\.test\\.ts$'],
};
