const { createConfig } = require('webpack-config');

module.exports = createConfig({
  name: 'billing',
  dirname: __dirname,
  port: 3003,
  title: 'Billing (standalone)',
  // The frame of the customer's pages, which the shell's server sends with the page (dist/prerender.json).
  prerender: './src/prerender.ts',
  // Its own routes, listed beside its entry: the serving process hands the live release's to the shell.
  routes: './src/routes.ts',
  exposes: {
    './billing': './src/exposes/billing.ts',
    './fund-wallet': './src/exposes/fund-wallet.ts',
  },
});
