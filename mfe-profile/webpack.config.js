const { createConfig } = require('webpack-config');

module.exports = createConfig({
  name: 'profile',
  dirname: __dirname,
  port: 3004,
  title: 'Profile (standalone)',
  exposes: {
    './profile': './src/exposes/profile.ts',
    './email-verification': './src/exposes/email-verification.ts',
  },
});
