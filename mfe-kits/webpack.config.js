const { createConfig } = require('webpack-config');

module.exports = createConfig({
  name: 'kits',
  dirname: __dirname,
  port: 3002,
  title: 'Kits (standalone)',
  exposes: {
    './home': './src/exposes/home.ts',
    './dashboard': './src/exposes/dashboard.ts',
  },
});
