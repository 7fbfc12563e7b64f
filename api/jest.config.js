// Tests start the real server (PGlite boots a WASM Postgres per file), so give them room.
const preset = require('../jest.preset.js')({ environment: 'node' });

module.exports = {
  ...preset,
  // typebox ships ESM only; swc turns it into CommonJS like the preset's other ESM packages.
  transformIgnorePatterns: [preset.transformIgnorePatterns[0].replace('(msw|', '(typebox|msw|')],
  testTimeout: 60000,
  maxWorkers: 2,
  // Two API processes on PostgreSQL: its own run (`npm run test:instances`), after the suites that need no second process.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/instances\\.test\\.ts$'],
};
