const path = require('path');
const { require: tsxRequire } = require('tsx/cjs/api');
const { createConfig } = require('webpack-config');
const { AxiosSubsetPlugin } = require('webpack-config/axios-subset');

const base = createConfig({
  name: 'shell',
  dirname: __dirname,
  port: 3000,
  runtimePlugins: [path.join(__dirname, 'src/features/remotes/remote-error-plugin.ts')],
  // The frame of each guest page, with a slot for the area's own prerendered page (dist/prerender.json).
  prerender: './src/app/prerender.tsx',
  prerenderReplacements: [[/[\\/]remote-loader$/, path.join(__dirname, 'src/features/remotes/prerender-remote-loader.ts')]],
});

/**
 * dist/route-areas.json: which remote each route needs and who may see it (shared-api's route module, so the server
 * matches the routes this build renders), so the server can preload the route's code with the HTML; `apiClient`
 * names the scripts of the lazily loaded API client (shared-api's "http-client" chunk), which a customer's page calls
 * as soon as it renders.
 */
class RouteAreasPlugin {
  apply(compiler) {
    const routes = tsxRequire('shared-api/routes', __filename).servedRoutes();
    compiler.hooks.thisCompilation.tap('RouteAreasPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteAreasPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          // The chunk itself: the rest of its group (the shared-api modules it imports, in startup-app, since the
          // shell's entry starts the first reads) is start-up code the HTML preloads already.
          const client = compilation.namedChunks.get('http-client');
          const apiClient = client ? [...client.files].filter((f) => f.endsWith('.js')).sort() : [];
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
  config.plugins.push(new RouteAreasPlugin(), new AxiosSubsetPlugin());
  return config;
};
