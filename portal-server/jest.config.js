// Tests start real servers (and, for the supervisor, real child processes): give them room.
module.exports = {
  ...require('../jest.preset.js')({ environment: 'node' }),
  testTimeout: 30000,
  maxWorkers: 2,
};
