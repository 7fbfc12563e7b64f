module.exports = { ...require('../jest.preset.js')({ environment: 'node' }), testMatch: ['<rootDir>/test/**/*.test.js'] };
