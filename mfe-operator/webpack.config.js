const { createConfig } = require('webpack-config');

module.exports = createConfig({
  name: 'operator',
  dirname: __dirname,
  port: 3005,
  title: 'Staff (standalone)',
  // Its own routes, listed beside its entry: the serving process hands the live release's to the shell.
  routes: './src/routes.ts',
  exposes: {
    './sign-in': './src/exposes/sign-in.ts',
    './enrol': './src/exposes/enrol.ts',
    './transfers': './src/exposes/transfers.ts',
    './kits': './src/exposes/kits.ts',
    './customers': './src/exposes/customers.ts',
    './customer': './src/exposes/customer.ts',
    './price': './src/exposes/price.ts',
    './audit': './src/exposes/audit.ts',
  },
});
