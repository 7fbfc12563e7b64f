const path = require('path');
const { createConfig } = require('webpack-config');

module.exports = createConfig({
  name: 'shell',
  dirname: __dirname,
  port: 3000,
  runtimePlugins: [path.join(__dirname, 'src/features/remotes/remote-error-plugin.ts')],
});
