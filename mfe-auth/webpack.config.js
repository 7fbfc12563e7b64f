const { createConfig } = require('webpack-config');

module.exports = createConfig({
  name: 'auth',
  dirname: __dirname,
  port: 3001,
  title: 'Auth (standalone)',
  // The guest screens' HTML, which the shell's server sends with the page (dist/prerender.json).
  prerender: './src/prerender.ts',
  // Its own routes, listed beside its entry: the serving process hands the live release's to the shell.
  routes: './src/routes.ts',
  exposes: {
    './login': './src/exposes/login.ts',
    './signup': './src/exposes/signup.ts',
    './forgot-password': './src/exposes/forgot-password.ts',
    './reset-password': './src/exposes/reset-password.ts',
    './email-confirmation': './src/exposes/email-confirmation.ts',
    './activate': './src/exposes/activate.ts',
  },
});
