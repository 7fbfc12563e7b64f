// Third-party code goes into the portal's bundles as published: a build fails when a module from node_modules is not
// its own file's text (a loader changed it), or when a module of the repository takes the place of something a
// package imports (a replacement plugin or a resolver hook swapping a package's module for a stand-in).
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
// A package's folder; not the files tools generate under node_modules/.<name> (the federation plugin's runtime entry
// in node_modules/.federation, which imports the app's runtime plugins).
const NODE_MODULES = /[\\/]node_modules[\\/](?!\.)/;

/** The file a module was built from, without its query; undefined for a module that is not a file. */
function fileOf(module) {
  const file = module.resourceResolveData?.path ?? (typeof module.resource === 'string' ? module.resource.split('?')[0] : undefined);
  return file && path.isAbsolute(file) && fs.existsSync(file) ? file : undefined;
}

const shortName = (file) => path.relative(root, file).split(path.sep).join('/');

/** Why the modules of `compilation` are not the packages as published, one sentence each; empty when they are. */
function thirdPartyEdits(compilation) {
  const problems = [];
  for (const module of compilation.modules) {
    const file = fileOf(module);
    if (!file) continue;
    if (NODE_MODULES.test(file)) {
      const loaders = (module.loaders ?? []).map(({ loader }) => loader);
      if (loaders.length > 0) {
        problems.push(`${shortName(file)} is rewritten by ${loaders.map(shortName).join(', ')}`);
        continue;
      }
      const built = module.originalSource?.()?.buffer();
      if (built && !built.equals(fs.readFileSync(file))) problems.push(`${shortName(file)} is built from other text than its file`);
      continue;
    }
    for (const connection of compilation.moduleGraph.getIncomingConnections(module)) {
      const issuer = connection.originModule && fileOf(connection.originModule);
      if (issuer && NODE_MODULES.test(issuer)) {
        problems.push(`${shortName(file)} stands in for ${connection.dependency?.request ?? 'a module'} imported by ${shortName(issuer)}`);
        break;
      }
    }
  }
  return [...new Set(problems)].sort();
}

/** Fails the build on any of `thirdPartyEdits`, naming the module and what changed it. */
class ThirdPartySourcesPlugin {
  apply(compiler) {
    const { WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ThirdPartySourcesPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('ThirdPartySourcesPlugin', () => {
        for (const problem of thirdPartyEdits(compilation)) {
          compilation.errors.push(new WebpackError(`Third-party code as published (webpack-config/third-party-sources.js): ${problem}.`));
        }
      });
    });
  }
}

module.exports = { ThirdPartySourcesPlugin, thirdPartyEdits };
