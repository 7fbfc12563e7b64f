// The single app: the portal's own sources (the shell and every area) built as ONE route-split single-page app, no
// federation, each area's page a lazy chunk. Same loader, minifier (terser defaults), HTML template and
// pre-compression as the portal, so what differs from it is what federation costs.
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { precompressionPlugins, typescriptRule } = require('webpack-config');
const { require: tsxRequire } = require('tsx/cjs/api');

const root = path.resolve(__dirname, '../..');
const shell = path.join(root, 'shell');

/**
 * Each remote's exposed modules as its own build configuration declares them (`mfe-<name>/webpack.config.js`), keyed
 * as the shell asks the federation runtime for them: `auth/login` → the absolute path of the file.
 */
function exposedModules() {
  const { areas } = tsxRequire('portal-registry', __filename);
  const modules = {};
  for (const { name, dir: folder } of areas) {
    const dir = path.join(root, folder);
    const config = require(path.join(dir, 'webpack.config.js'))({}, { mode: 'production' });
    const federation = config.plugins.find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin');
    for (const [key, file] of Object.entries(federation._options.exposes)) {
      modules[`${name}/${key.replace(/^\.\//, '')}`] = path.resolve(dir, file);
    }
  }
  return modules;
}

/** `virtual:page-modules`: one lazy import per exposed module, each its own chunk (`<remote>-<module>`). */
function pageModulesSource() {
  const entries = Object.entries(exposedModules()).map(
    ([request, file]) =>
      `  ${JSON.stringify(request)}: () => import(/* webpackChunkName: ${JSON.stringify(request.replace('/', '-'))} */ ${JSON.stringify(file)}),`,
  );
  return `export const pageModules = {\n${entries.join('\n')}\n};\n`;
}

module.exports = {
  mode: 'production',
  context: shell,
  // The shell's bootstrap itself: src/index.ts only adds the async boundary federation needs to share libraries.
  entry: { main: './src/bootstrap.tsx' },
  devtool: false,
  output: {
    path: path.join(__dirname, 'dist'),
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    clean: true,
  },
  // The stand-in remote loader shares the shell's error type (`shell-src/…`, as bench/single-app/tsconfig.json maps it).
  resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: { 'shell-src': path.join(shell, 'src') } },
  module: {
    rules: [
      typescriptRule({ sourceMap: false, configFile: path.join(__dirname, 'tsconfig.json') }),
    ],
  },
  plugins: [
    new webpack.DefinePlugin({ 'process.env.PORTAL_BUILD_ID': JSON.stringify('local') }),
    new webpack.experiments.schemes.VirtualUrlPlugin({ 'page-modules': { type: '.js', source: pageModulesSource } }),
    // The shell's remote loader, for this build only: the areas are chunks of the same build.
    new webpack.NormalModuleReplacementPlugin(
      /[\\/]shell[\\/]src[\\/]features[\\/]remotes[\\/]remote-loader\.ts$/,
      path.join(__dirname, 'src/remote-loader.ts'),
    ),
    new HtmlWebpackPlugin({
      template: path.join(root, 'webpack-config/index.html'),
      title: 'Starlink Kits Portal',
      templateParameters: { portalConfig: '{}' },
      scriptLoading: 'defer',
      publicPath: '/',
    }),
    ...precompressionPlugins(),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
};
