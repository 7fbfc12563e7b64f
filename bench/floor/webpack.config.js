// The floor: the same libraries as the portal in ONE production bundle, no federation. Same loader, minifier
// (terser defaults), HTML template and pre-compression as the portal, so only the architecture differs.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { precompressionPlugins, typescriptRule } = require('webpack-config');

const root = path.resolve(__dirname, '../..');
const templateDir = path.join(root, 'webpack-config');

// Every library resolved exactly where the portal resolves it (axios from shared-api, which may hold a newer
// copy than the root), so both builds contain the same versions.
const sameCopies = Object.fromEntries(
  [
    ['axios', 'shared-api'],
    ['react', 'shell'],
    ['react-dom', 'shell'],
    ['react-router-dom', 'shell'],
    ['styled-components', 'shell'],
    ['zustand', 'shared-api'],
    ['react-hot-toast', 'shell'],
  ].map(([lib, from]) => [
    lib,
    path.dirname(require.resolve(`${lib}/package.json`, { paths: [path.join(root, from)] })),
  ]),
);

module.exports = {
  mode: 'production',
  context: __dirname,
  entry: { main: './src/index.tsx' },
  devtool: false,
  output: { path: path.join(__dirname, 'dist'), publicPath: '/', filename: '[name].[contenthash:8].js', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: sameCopies },
  module: {
    rules: [typescriptRule({ sourceMap: false, configFile: path.join(__dirname, 'tsconfig.json') })],
  },
  plugins: [
    new HtmlWebpackPlugin({
      template: path.join(templateDir, 'index.html'),
      title: 'Floor',
      templateParameters: { portalConfig: '{}' },
      scriptLoading: 'defer',
    }),
    ...precompressionPlugins(),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
};
