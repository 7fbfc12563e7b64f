const { createConfig } = require('webpack-config');

module.exports = createConfig({
  name: 'billing',
  dirname: __dirname,
  port: 3003,
  title: 'Billing (standalone)',
  exposes: {
    './billing': './src/exposes/billing.ts',
    './fund-wallet': './src/exposes/fund-wallet.ts',
  },
});
