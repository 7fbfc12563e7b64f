const { createConfig } = require('webpack-config');

module.exports = createConfig({
  name: 'profile',
  dirname: __dirname,
  port: 3004,
  title: 'Profile (standalone)',
  // The frame of the customer's pages, which the shell's server sends with the page (dist/prerender.json).
  prerender: './src/prerender.ts',
  // Its own routes, listed beside its entry: the serving process hands the live release's to the shell.
  routes: './src/routes.ts',
  exposes: {
    './profile': './src/exposes/profile.ts',
    './email-verification': './src/exposes/email-verification.ts',
    './undo-contact-change': './src/exposes/undo-contact-change.ts',
  },
});
