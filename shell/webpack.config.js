const path = require('path');
const { areaRoutes, createConfig } = require('webpack-config');
const { areas } = require('webpack-config/registry');

/**
 * The areas' routes as their sources declare them now (each area's routes module, named by the registry): only for
 * the frames drawn at build time and a development page. At run time the shell routes by the live releases' own
 * tables, which the serving process writes into each page.
 */
function buildTimeRoutes() {
  return areas.flatMap((area) => areaRoutes({ name: area.name, dirname: path.join(__dirname, '..', area.dir), module: area.routes }));
}

const base = createConfig({
  name: 'shell',
  dirname: __dirname,
  port: 3000,
  runtimePlugins: [path.join(__dirname, 'src/features/remotes/remote-error-plugin.ts')],
  // The frame of each guest page, with a slot for the area's own prerendered page (dist/prerender.json).
  prerender: './src/app/prerender.tsx',
  prerenderInput: buildTimeRoutes(),
  prerenderReplacements: [[/[\\/]remote-loader$/, path.join(__dirname, 'src/features/remotes/prerender-remote-loader.ts')]],
});

/** The customer's parts of shared-api, shared libraries of their own (shared-api/src/customer.ts). */
const CUSTOMER_PARTS = ['shared-api/customer', 'shared-api/verification'];

/** The files of a chunk group that are not start-up code (which the HTML preloads already). */
function lazyFilesOf(group) {
  const startup = (chunk) => chunk.hasRuntime() || /^startup-/.test(chunk.name ?? '');
  const files = (group?.chunks ?? []).filter((chunk) => !startup(chunk)).flatMap((chunk) => [...chunk.files]);
  return [...new Set(files)].filter((f) => f.endsWith('.js')).sort();
}

/** The chunk group in which the shell's own copy of the shared library `key` loads (what its provided factory fetches). */
function providedGroup(compilation, key) {
  for (const module of compilation.modules) {
    if (module.constructor.name !== 'ProvideSharedModule' || module._name !== key) continue;
    for (const block of module.blocks) {
      const group = compilation.chunkGraph.getBlockChunkGroup(block);
      if (group) return group;
    }
  }
  return undefined;
}

/**
 * dist/route-areas.json (the areas' routes come from their live releases, not from here): `apiClient`
 * names the scripts of the lazily loaded API client (shared-api's "http-client" chunk), which a customer's page calls
 * as soon as it renders; `customerParts` those of each customer's part of shared-api (by share key), which the
 * shell's entry fetches on the customer's pages that use it (`loadPartOf`, shared-api/src/data/first-reads.ts) and
 * a guest's page never loads.
 */
class RouteAreasPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RouteAreasPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteAreasPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          // The chunk itself: the rest of its group (the shared-api modules it imports, in main.js and startup-app) is
          // start-up code the HTML preloads already.
          const client = compilation.namedChunks.get('http-client');
          const apiClient = client ? [...client.files].filter((f) => f.endsWith('.js')).sort() : [];
          const customerParts = Object.fromEntries(
            CUSTOMER_PARTS.map((key) => [key, lazyFilesOf(providedGroup(compilation, key))]),
          );
          compilation.emitAsset(
            'route-areas.json',
            new compiler.webpack.sources.RawSource(JSON.stringify({ apiClient, customerParts })),
          );
        },
      );
    });
  }
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new RouteAreasPlugin());
  if (argv.mode !== 'production') {
    // In development no serving process writes the live areas' routes into the page: the areas' sources stand in.
    const html = config.plugins.find((plugin) => plugin?.constructor.name === 'HtmlWebpackPlugin');
    html.userOptions.templateParameters = { portalConfig: JSON.stringify({ routes: buildTimeRoutes() }) };
  }
  return config;
};
