const path = require('path');
const fs = require('fs');
const { createConfig } = require('webpack-config');

const base = createConfig({
  name: 'shell',
  dirname: __dirname,
  port: 3000,
  runtimePlugins: [path.join(__dirname, 'src/features/remotes/remote-error-plugin.ts')],
});

/**
 * dist/route-areas.json: which remote each route needs and who may see it, so the server can preload the route's
 * code with the HTML; `apiClient` names the scripts of the lazily loaded API client (shared-api's "http-client"
 * chunk), which a customer's page calls as soon as it renders.
 */
class RouteAreasPlugin {
  apply(compiler) {
    const file = path.join(__dirname, 'src/app/route-areas.json');
    compiler.hooks.thisCompilation.tap('RouteAreasPlugin', (compilation) => {
      compilation.fileDependencies.add(file);
      compilation.hooks.processAssets.tap(
        { name: 'RouteAreasPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { routes } = JSON.parse(fs.readFileSync(file, 'utf8'));
          const client = compilation.namedChunkGroups.get('http-client');
          const apiClient = client ? client.getFiles().filter((f) => f.endsWith('.js')).sort() : [];
          compilation.emitAsset(
            'route-areas.json',
            new compiler.webpack.sources.RawSource(JSON.stringify({ routes, apiClient })),
          );
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
