const { afterEach, beforeEach, expect, test } = require('@jest/globals');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { ProvideSharedPlugin } = require('@module-federation/enhanced');
const webpack = require('webpack');
const { FederationModuleIdsPlugin } = require('..');

const root = path.resolve(__dirname, '..', '..');

let tmp;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'module-ids-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * Each module's id (by its name from the app's folder) in a production build, at `dir`, of an app that provides the
 * `ms` package as a shared library (the federation plugin's own ProvideSharedPlugin, as the apps use it) from its own
 * node_modules, so each of those names is the same wherever `dir` is.
 */
function moduleIds(dir) {
  fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules', 'ms'), path.join(dir, 'node_modules', 'ms'));
  fs.writeFileSync(path.join(dir, 'entry.js'), "export const second = () => import('ms').then((ms) => ms.default('1s'));\n");
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'out'), uniqueName: 'app' },
    resolve: { symlinks: false },
    plugins: [new ProvideSharedPlugin({ provides: { ms: { shareKey: 'ms', version: '2.1.3' } } }), new FederationModuleIdsPlugin()],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || !stats) return reject(error);
      const { compilation } = stats;
      // The app's own modules and what it provides (the federation runtime's own come from the repository's
      // node_modules, named by a path that differs with the folder's depth).
      const ids = Object.fromEntries(
        [...compilation.modules]
          .map((module) => [module.readableIdentifier(compilation.requestShortener), compilation.chunkGraph.getModuleId(module)])
          .filter(([name]) => name.startsWith('./') || name.startsWith('provide ')),
      );
      compiler.close(() => resolve({ ids, errors: compilation.errors.map((e) => e.message) }));
    }),
  );
}

// A provided library's identifier names its file by absolute path: hashed into an id, it took a different slot in
// each checkout, and whichever module hashed to that slot moved (release/test/reproducible.test.ts failed by chance).
test('every module gets the same id wherever the app is built, a provided shared library included', async () => {
  const one = await moduleIds(path.join(tmp, 'one'));
  const two = await moduleIds(path.join(tmp, 'two', 'deeper', 'checkout'));
  expect(one.errors).toEqual([]);
  expect(Object.keys(one.ids)).toContainEqual(expect.stringMatching(/^provide shared module \(default\) ms@2\.1\.3/));
  expect(two.ids).toEqual(one.ids);
  expect(JSON.stringify(one.ids)).not.toContain(tmp);
});
