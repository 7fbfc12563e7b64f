module.exports = require('../jest.preset.js')({ setupFiles: ['<rootDir>/src/test-setup.ts'] });
