const path = require('path');
const fs = require('fs');
const { createConfig } = require('webpack-config');

const base = createConfig({
  name: 'shell',
  dirname: __dirname,
  port: 3000,
  runtimePlugins: [path.join(__dirname, 'src/features/remotes/remote-error-plugin.ts')],
});

/** dist/route-areas.json: which remote each route needs, so the server can preload its entry with the HTML. */
class RouteAreasPlugin {
  apply(compiler) {
    const file = path.join(__dirname, 'src/app/route-areas.json');
    compiler.hooks.thisCompilation.tap('RouteAreasPlugin', (compilation) => {
      compilation.fileDependencies.add(file);
      compilation.hooks.processAssets.tap(
        { name: 'RouteAreasPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS },
        () => {
          const { routes } = JSON.parse(fs.readFileSync(file, 'utf8'));
          compilation.emitAsset('route-areas.json', new compiler.webpack.sources.RawSource(JSON.stringify({ routes })));
        },
      );
    });
  }
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new RouteAreasPlugin());
  return config;
};
