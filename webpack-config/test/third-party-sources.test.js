const { afterEach, beforeEach, expect, test } = require('@jest/globals');
const fs = require('fs');
const os = require('os');
const path = require('path');
const webpack = require('webpack');
const { ThirdPartySourcesPlugin } = require('../third-party-sources');

const root = path.resolve(__dirname, '..', '..');

let tmp;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'third-party-'));
  fs.writeFileSync(path.join(tmp, 'entry.js'), "import ms from 'ms';\nexport const second = ms('1s');\n");
  fs.writeFileSync(path.join(tmp, 'stand-in.js'), 'module.exports = () => 1000;\n');
  fs.writeFileSync(path.join(tmp, 'edit-loader.js'), "module.exports = (source) => source.replace('function parse', 'function parse_');\n");
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The errors of a small production build of an entry that imports the `ms` package, with `extra` config. */
function buildErrors({ rules = [], plugins = [] } = {}) {
  const compiler = webpack({
    mode: 'production',
    context: tmp,
    entry: './entry.js',
    output: { path: path.join(tmp, 'out') },
    resolve: { modules: [path.join(root, 'node_modules')] },
    module: { rules },
    plugins: [new ThirdPartySourcesPlugin(), ...plugins],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || !stats) return reject(error);
      compiler.close(() => resolve(stats.compilation.errors.map((e) => e.message)));
    }),
  );
}

test('a package bundled as published passes', async () => {
  await expect(buildErrors()).resolves.toEqual([]);
});

test('a loader rewriting a package fails the build, naming the file and the loader', async () => {
  const errors = await buildErrors({ rules: [{ test: /[\\/]node_modules[\\/]ms[\\/]/, use: path.join(tmp, 'edit-loader.js') }] });
  expect(errors).toEqual([expect.stringMatching(/node_modules\/ms\/index\.js is rewritten by .*edit-loader\.js/)]);
});

test('a stand-in replacing what a package imports fails the build, naming both', async () => {
  fs.writeFileSync(path.join(tmp, 'entry.js'), "import debug from 'debug/src/common.js';\nexport const d = debug;\n");
  const inside = await buildErrors({ plugins: [new webpack.NormalModuleReplacementPlugin(/^ms$/, path.join(tmp, 'stand-in.js'))] });
  expect(inside).toEqual([expect.stringMatching(/stand-in\.js stands in for ms imported by node_modules\/debug\/src\/common\.js/)]);
});

test('every app builds with the check, in production and in development', () => {
  for (const app of ['shell', 'mfe-auth', 'mfe-kits', 'mfe-billing', 'mfe-profile']) {
    const config = require(path.join(root, app, 'webpack.config.js'));
    for (const mode of ['production', 'development']) {
      const plugins = config({}, { mode }).plugins.map((plugin) => plugin.constructor.name);
      expect({ app, mode, checked: plugins.includes('ThirdPartySourcesPlugin') }).toEqual({ app, mode, checked: true });
    }
  }
});
