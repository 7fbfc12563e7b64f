// Tests start real servers (and, for the supervisor, real child processes): give them room.
module.exports = {
  ...require('../jest.preset.js')({ environment: 'node' }),
  // The server reads the early-input script as the package's build writes it.
  globalSetup: '<rootDir>/scripts/build-early-input.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
