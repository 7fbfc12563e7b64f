// The suites run small webpack builds: seconds each on a busy machine.
module.exports = { ...require('../jest.preset.js')({ environment: 'node' }), testMatch: ['<rootDir>/test/**/*.test.js'], testTimeout: 60000 };
