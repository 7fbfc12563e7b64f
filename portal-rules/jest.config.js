module.exports = require('../jest.preset.js')({ environment: 'node' });
