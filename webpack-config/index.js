// One webpack + Module Federation config for the shell and every remote, so the shared-library
// rules (singletons, versions, prefixes) can never drift apart between packages.
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PrerenderPlugin, typescriptRule } = require('./prerender');
const { ThirdPartySourcesPlugin } = require('./third-party-sources');
const { NAMED_EXPORTS, appName, declaredRange, requiredRanges, sharedVersions, versionFrom } = require('./contract');

/**
 * Shared libraries only the areas import (the shell never loads them, so an area's own copy is the one used).
 * Listed with the page that consumes them, so the serving process preloads them with it: found only once the page
 * code asks for them, they would cost a round trip on a cold load.
 */
const AREA_ONLY_SHARED = new Set(['shared-api/data', 'swr']);

/**
 * Every library the areas have in common: one copy in the browser, negotiated at run time. Each version is the one
 * the app in `dirname` builds with (resolved from its own folder), so a remote with its own copy declares that copy.
 * `consumeOnly` (a production remote): the remote takes every library the shell provides from the shell and bundles
 * no copy of its own (`import: false`); only the area-only libraries, which no shell ever loads, keep the remote's copy.
 */
function sharedLibraries(dirname, { consumeOnly = false } = {}) {
  const singleton = (pkg) => ({
    singleton: true,
    // The range the app declares in its package.json: the runtime checks the copy it picks against it and warns on a
    // mismatch. Releases are refused before they go live (ContractCheckPlugin, release/).
    requiredVersion: declaredRange(dirname, pkg) ?? `^${versionFrom(dirname, pkg)}`,
    version: versionFrom(dirname, pkg),
    // The federation manifest looks each key up with require.resolve: for a prefix key ('zustand/') that is a
    // specifier ending in '/', which Node resolves through zustand's deprecated "./" exports mapping (DEP0155).
    packageName: pkg,
  });
  const libraries = {
    react: singleton('react'),
    // Without the prefix keys, react/jsx-runtime and react-dom/client would load a second copy.
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'styled-components': singleton('styled-components'),
    zustand: singleton('zustand'),
    'zustand/': singleton('zustand'),
    'react-hot-toast': singleton('react-hot-toast'),
    // The session store lives here: one instance for the shell and every remote.
    'shared-api': singleton('shared-api'),
    // The data layer and its one cache for every area (a wallet change made in billing's dialog shows in the kits
    // area), an entry of its own so the shell's start-up never loads it (shared-api/src/data).
    'shared-api/data': singleton('shared-api'),
    swr: singleton('swr'),
    // What only a customer's pages run: provided by the shell but fetched only on a customer's page, so a guest's
    // start-up code does not carry them (shared-api/src/customer.ts, shared-api/src/verification/index.ts).
    'shared-api/customer': singleton('shared-api'),
    'shared-api/verification': singleton('shared-api'),
    'shared-ui': singleton('shared-ui'),
    // The router, as the subset the portal uses (shared-ui/src/router.ts): react-router-dom itself is never shared
    // (whole, it is 26.6 kB gzip), and importing it directly is a lint error, so no area bundles a second router.
    'shared-ui/router': singleton('shared-ui'),
  };
  if (!consumeOnly) return libraries;
  return Object.fromEntries(
    Object.entries(libraries).map(([key, config]) => [key, AREA_ONLY_SHARED.has(key) ? config : { ...config, import: false }]),
  );
}

/** The shell's side of the export check: each shared-api/shared-ui share key it provides -> the names its module exports. */
function providedExportNames(compilation) {
  const exports = {};
  for (const module of compilation.modules) {
    if (module.constructor.name !== 'ProvideSharedModule' || !NAMED_EXPORTS.test(module._name ?? '')) continue;
    const dependency = [...module.dependencies, ...module.blocks.flatMap((block) => block.dependencies)][0];
    const provided = dependency && compilation.moduleGraph.getModule(dependency);
    const names = provided && compilation.moduleGraph.getExportsInfo(provided).getProvidedExports();
    if (Array.isArray(names)) exports[module._name] = [...new Set([...(exports[module._name] ?? []), ...names])].sort();
  }
  return byKey(exports);
}

/** The object with its keys in order: modules finish building in an order that varies with the machine's load. */
const byKey = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * A remote's side: each shared-api/shared-ui share key it consumes -> the names its code reads of it (webpack's own
 * record of what each import references; an import used as a whole object names none it can check).
 */
function importedNames(compilation) {
  const imports = {};
  for (const module of compilation.modules) {
    const key = module.constructor.name === 'ConsumeSharedModule' ? module.options?.shareKey : undefined;
    if (!key || !NAMED_EXPORTS.test(key)) continue;
    const names = new Set();
    for (const connection of compilation.moduleGraph.getIncomingConnections(module)) {
      if (!connection.dependency || !connection.isActive(undefined)) continue;
      for (const reference of compilation.getDependencyReferencedExports(connection.dependency, undefined)) {
        const name = (Array.isArray(reference) ? reference : reference.name)[0];
        if (name) names.add(name);
      }
    }
    imports[key] = [...names].sort();
  }
  return byKey(imports);
}

/**
 * dist/release-contract.json: the singleton versions this app is built with, the ranges it needs at run time and the
 * shared-api/shared-ui names it provides (the shell) or reads (a remote); release/ refuses a promotion that breaks it.
 */
class ContractCheckPlugin {
  constructor({ name, dirname, isHost, externalRuntime = false }) {
    Object.assign(this, { app: appName(dirname) ?? name, dirname, isHost, externalRuntime });
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ContractCheckPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ContractCheckPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const shared = sharedVersions(this.dirname);
        const contract = {
          app: this.app,
          shared,
          requires: requiredRanges(shared, { externalRuntime: this.externalRuntime }),
          // The names of shared-api and shared-ui: the shell's, and those a remote reads (exportProblems).
          ...(this.isHost ? { exports: providedExportNames(compilation) } : { imports: importedNames(compilation) }),
        };
        compilation.emitAsset('release-contract.json', new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}

/** The federation plugin's generated runtime entry: `<cwd>/node_modules/.federation/entry.<hash of absolute paths>.js`. */
const FEDERATION_ENTRY = /[\\/]\.federation[\\/]entry\.[0-9a-f]+\.js$/;

/** The federation plugin's provided library: `provide module (default) react@19.3.1 = <absolute path of its file>`. */
const PROVIDED = /^(provide module .*) = (.+)$/;

/**
 * Builds that do not depend on where the repository is, nor on the folder webpack runs from. Webpack's deterministic
 * ids hash each module's identifier, and three kinds of federation module name absolute paths in it: the runtime
 * entry the federation plugin writes (named by a hash of absolute paths), the container entry (which names that
 * file), and each provided shared library (`provide module (default) react@19.3.1 = /abs/…/react/index.js`). A
 * provided library's id is never in the output, but it takes a slot of the id space, so wherever the checkout is, a
 * module hashed to that slot moved to another id, and the files naming it got new hashes. Before webpack's own ids are
 * given (webpack's documented `moduleIds` hook; those already set are kept), these get ids from what they are, per app.
 * The files are left as the federation plugin writes them.
 */
class FederationModuleIdsPlugin {
  apply(compiler) {
    const name = compiler.options.output.uniqueName ?? '';
    const fromApp = (file) => path.relative(compiler.context, file).split(path.sep).join('/');
    compiler.hooks.compilation.tap('FederationModuleIdsPlugin', (compilation) => {
      compilation.hooks.moduleIds.tap({ name: 'FederationModuleIdsPlugin', stage: -100 }, (modules) => {
        for (const module of modules) {
          const identifier = module.identifier();
          // nameForCondition: the file of a module, or of the first module of a concatenated one.
          const id = FEDERATION_ENTRY.test(module.nameForCondition?.() ?? '')
            ? `mf-runtime-entry:${name}`
            : identifier.startsWith('container entry ')
              ? `mf-container-entry:${name}`
              : PROVIDED.test(identifier)
                ? `mf-provide:${identifier.replace(PROVIDED, (_, what, file) => `${what} = ${fromApp(file)}`)}`
                : undefined;
          if (id && compilation.chunkGraph.getModuleId(module) === null) compilation.chunkGraph.setModuleId(module, id);
        }
      });
    });
  }
}

/**
 * Source maps name a module by its path from the app, except the federation plugin's runtime entry, whose name is a
 * hash of absolute paths: it is named for what it is. (Webpack's documented `devtoolModuleFilenameTemplate`.)
 */
function moduleFilename(info) {
  if (FEDERATION_ENTRY.test(info.absoluteResourcePath)) return `webpack://${info.namespace}/federation-runtime-entry.js`;
  return `webpack://${info.namespace}/${info.resourcePath}${info.loaders ? `?${info.loaders}` : ''}`;
}

/** The .gz and .br copies the serving process sends as they are (the floor and the single app use the same). */
function precompressionPlugins() {
  const test = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({ algorithm: 'gzip', test, threshold: 1024 }),
    new CompressionPlugin({ algorithm: 'brotliCompress', filename: '[path][base].br', test, threshold: 1024 }),
  ];
}

/**
 * mf-stats.json lists some sets (which modules an expose requires, where a shared library is used) in the order
 * webpack happened to finish building them, which varies with the machine's load: sorted, identical sources give
 * identical files, and so one release id.
 */
function stableStats(stats) {
  const sorted = (list) => (Array.isArray(list) ? [...list].sort() : list);
  for (const expose of stats.exposes ?? []) expose.requires = sorted(expose.requires);
  for (const entry of [...(stats.shared ?? []), ...(stats.remotes ?? [])]) {
    entry.usedIn = sorted(entry.usedIn);
    if ('usedExports' in entry) entry.usedExports = sorted(entry.usedExports);
  }
  return stats;
}

/**
 * Drops the manifest plugin's notice that a remote's manifest has `publicPath: 'auto'`, printed on every build:
 * that is the design (a remote is deployed on any origin and its host resolves the path from where it loaded the
 * entry), not a problem to act on. Every other message of every logger still prints.
 */
class QuietIntendedNoticesPlugin {
  apply(compiler) {
    compiler.hooks.infrastructureLog.tap('QuietIntendedNoticesPlugin', (_name, type, args) => {
      if (type === 'warn' && args.some((arg) => typeof arg === 'string' && arg.includes("reason: publicPath='auto'"))) return true;
      return undefined;
    });
  }
}

/**
 * The host's HTML preloads what its first render needs: the chunks of its async boundary (`import('./bootstrap')`)
 * and of every shared library it provides (under 'loaded-first' the shell's own copies are the ones used at
 * start-up). Without it those only start once main.js has run: one round trip later.
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunksPlugin', (data) => {
        const files = new Set();
        for (const group of compilation.chunkGroups) {
          if (group.isInitial() || !isStartupGroup(group, compilation.chunkGraph)) continue;
          for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file);
        }
        const tags = [...files].sort().map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: 'PreloadStartupChunksPlugin' },
          attributes: { rel: 'preload', as: 'script', href: `/${file}` },
        }));
        data.headTags.unshift(...tags);
        return data;
      });
    });
  }
}

/** The area-only libraries a chunk group consumes, and those they consume in turn (found through their fallbacks). */
function areaOnlySharedKeys(group, chunkGraph, keys = new Set(), seen = new Set()) {
  if (seen.has(group)) return keys;
  seen.add(group);
  for (const chunk of group.chunks) {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.constructor.name !== 'ConsumeSharedModule' || !AREA_ONLY_SHARED.has(module.options.shareKey)) continue;
      keys.add(module.options.shareKey);
      for (const fallback of module.blocks) {
        const inner = chunkGraph.getBlockChunkGroup(fallback);
        if (inner) areaOnlySharedKeys(inner, chunkGraph, keys, seen);
      }
    }
  }
  return keys;
}

/**
 * The files of this remote's own copies of the area-only libraries a chunk group needs: the chunks its share-scope
 * entries load (the ones the runtime picks when no other area has loaded them yet), not the consumers' fallbacks.
 */
function areaOnlySharedFiles(group, compilation) {
  const keys = areaOnlySharedKeys(group, compilation.chunkGraph);
  const files = [];
  for (const module of compilation.modules) {
    if (module.constructor.name !== 'ProvideSharedModule' || !keys.has(module._name)) continue;
    for (const block of module.blocks) files.push(...(compilation.chunkGraph.getBlockChunkGroup(block)?.getFiles() ?? []));
  }
  return files;
}

/**
 * dist/expose-chunks.json, for a remote: the script files each exposed module needs beyond the remote entry (its own
 * chunk group and its copies of the area-only libraries; the other shared libraries come from the host), and `entry`, a copy of remoteEntry.js under a
 * content-hashed name. The shell's server reads it to preload a route's page code with the HTML, and names the
 * versioned entry in the page, so a returning visitor's browser runs its cached copy without first asking the
 * server whether remoteEntry.js changed (one round trip before any screen). mf-manifest.json cannot serve: in this
 * version it lists one expose's chunk under another.
 */
class ExposeChunksPlugin {
  /** @param {{ routes?: object[] }} options the area's own route declarations (`areaRoutes`), listed with its files */
  constructor({ routes } = {}) {
    this.routes = routes;
  }

  apply(compiler) {
    const routes = this.routes;
    const { Compilation, sources, util } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ExposeChunksPlugin', (compilation) => {
      let entry;
      // After the real content hashes are in remoteEntry.js, before the compression plugins, which then compress
      // the copy too.
      compilation.hooks.processAssets.tap(
        { name: 'ExposeChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const source = compilation.getAsset('remoteEntry.js')?.source;
          if (!source) return;
          const hash = util.createHash('sha256').update(source.buffer()).digest('hex').slice(0, 8);
          entry = `remoteEntry.${hash}.js`;
          compilation.emitAsset(entry, new sources.RawSource(source.buffer()), { immutable: true });
        },
      );
      compilation.hooks.processAssets.tap(
        { name: 'ExposeChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const exposes = {};
          for (const module of compilation.modules) {
            if (module.constructor.name !== 'ContainerEntryModule') continue;
            for (const block of module.blocks) {
              const name = block.dependencies.find((d) => typeof d.exposedName === 'string')?.exposedName;
              const group = name && compilation.chunkGraph.getBlockChunkGroup(block);
              // A file can be both the page's and an area-only library's (swr's, which swr/mutation in shared-api/data reaches too): listed once.
              if (group) exposes[name] = [...new Set([...group.getFiles(), ...areaOnlySharedFiles(group, compilation)])]
                .filter((file) => file.endsWith('.js'))
                .sort();
            }
          }
          compilation.emitAsset(
            'expose-chunks.json',
            new sources.RawSource(JSON.stringify({ entry, exposes, ...(routes ? { routes } : {}) })),
          );
        },
      );
    });
  }
}

/**
 * Whether the host opens `group` at start-up: its async boundary (`import('./bootstrap')`), or a shared library that
 * start-up code imports statically (the group the library's consume module opens, from a start-up chunk). A library
 * the host provides but imports only on first use (the toasts) is not one: it keeps a chunk of its own.
 */
function isStartupGroup(group, chunkGraph, seen = new Set()) {
  if (seen.has(group)) return false;
  seen.add(group);
  return group.origins.some(({ module }) => {
    if (!module) return false;
    if (chunkGraph.isEntryModule(module)) return true;
    if (module.constructor.name !== 'ConsumeSharedModule') return false;
    for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
      for (const outer of chunk.groupsIterable) if (isStartupGroup(outer, chunkGraph, seen)) return true;
    }
    return false;
  });
}

/**
 * The host's start-up code in two chunks instead of one per shared library (14 files on /login): the libraries
 * (`startup-vendor`, which changes only with a dependency) and the portal's own start-up code (`startup-app`).
 * Every one of those files is needed before the first screen anyway; as separate requests they cost a phone
 * queueing on six connections, a header each, and gzip without a shared dictionary. `enforce` is what makes
 * webpack group shared-library chunks at all (module-federation/core#467). Lazy code (axios, an area's dialogs)
 * keeps its own chunks: it is not in a start-up group.
 */
function startupSplitChunks() {
  const inStartup = (module, chunkGraph) => {
    if (!module.resource) return false; // federation's own consume/provide modules stay where the plugin put them
    for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
      for (const group of chunk.groupsIterable) if (isStartupGroup(group, chunkGraph)) return true;
    }
    return false;
  };
  const group = (name, pick) => ({
    name,
    chunks: 'async',
    enforce: true,
    test: (module, { chunkGraph }) => inStartup(module, chunkGraph) && pick(module.resource),
  });
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      startupVendor: group('startup-vendor', (resource) => /[\\/]node_modules[\\/]/.test(resource)),
      startupApp: group('startup-app', (resource) => !/[\\/]node_modules[\\/]/.test(resource)),
    },
  };
}

/**
 * Module Federation's own documented options (module-federation.io/configure/experiments): ONE federation runtime in
 * the browser in production, the shell's (`provideExternalRuntime`, its runtime core handed to the remotes through the
 * `_FEDERATION_RUNTIME_CORE` global), each remote entry leaving its copy out (`externalRuntime`); and the runtime's
 * snapshot (manifest) code left out (`optimization.disableSnapshot`: the shell registers each remote by its
 * remoteEntry.js, one round trip fewer than a manifest), with no Node code (`optimization.target: 'web'`).
 * Development keeps a full runtime in every remote, so `npm start -w mfe-x` still runs a remote alone; the shell
 * provides its runtime in every mode, so a development shell also runs production remotes.
 */
function federationExperiments({ production, isHost }) {
  return {
    ...(isHost ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {}),
    ...(production ? { optimization: { disableSnapshot: true, target: 'web' } } : {}),
  };
}

/**
 * The runtime plugin `provideExternalRuntime` adds is named by its CommonJS file, whose `require` of the runtime core
 * resolves to runtime-core's CommonJS build, while the bundler runtime imports its ES module build: two copies of the
 * runtime core in main.js (about 12 kB gzip). Resolved with the `import` condition, that plugin's import finds the one
 * copy the bundler runtime uses (webpack's per-rule `resolve`, the package's own published export map).
 */
function federationRuntimeRules() {
  return [
    {
      test: /[\\/]node_modules[\\/]@module-federation[\\/]inject-external-runtime-core-plugin[\\/]/,
      resolve: { conditionNames: ['import', 'module', 'browser', 'webpack', 'production', 'default'] },
    },
  ];
}

/**
 * The shell's entry file name, hashed. The federation runtime module asks for this name while the chunk's hash is
 * still being computed, only to learn its folder depth; it gets the unhashed name, in the same folder.
 */
function hashedOnceKnown(pathData) {
  return pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * @param {object} options
 * @param {string} options.name federation name (shell or an area, as the registry lists them)
 * @param {string} options.dirname the package folder
 * @param {number} options.port dev-server port
 * @param {Record<string,string>} [options.exposes]
 * @param {string[]} [options.runtimePlugins]
 * @param {string} [options.title]
 * @param {string} [options.prerender] a module exporting `prerender()`, run after a production build (PrerenderPlugin)
 * @param {string} [options.frames] the shell's module exporting `prerender(routes)`, bundled for the site writer
 * @param {[RegExp, string][]} [options.prerenderReplacements] modules the prerender bundle takes from elsewhere (request pattern, file)
 * @param {string} [options.routes] the area's route module (exporting `routes`), listed in its expose-chunks.json
 */
function createConfig({ name, dirname, port, exposes, runtimePlugins = [], title = 'Starlink Kits Portal', prerender, frames, prerenderReplacements, routes: routesModule }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    // PORTAL_BUILD_PROFILE=test: the production build without what no test reads (source maps, .gz and .br copies).
    const full = production && process.env.PORTAL_BUILD_PROFILE !== 'test';
    const isHost = !exposes || Object.keys(exposes).length === 0;
    // The federation plugin names each build `<name>:<version>` from the package.json of the working directory
    // (`auth:1.0.0` from mfe-auth/, `auth:local` from the repository root, which has no version): the app's own.
    process.env.MF_BUILD_VERSION = JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8')).version;
    const experiments = federationExperiments({ production, isHost });
    const routes = routesModule ? areaRoutes({ name, dirname, module: routesModule, exposes }) : undefined;
    return {
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: { main: './src/index.ts' },
      // Production maps name files and lines for error reports without carrying the sources, which would publish the
      // code as written and, for the federation plugin's generated entry, the absolute paths of the build's machine.
      devtool: production ? (full ? 'nosources-source-map' : false) : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        // The shell's entry may arrive inside its page's HTML (portal-server), where 'auto' finds no script URL to
        // resolve its chunks from; the shell is always served from its origin's root. A remote's chunks follow its entry.
        publicPath: isHost ? '/' : 'auto',
        // A remote's entry files keep stable names, served no-cache: whoever configures a remote names its
        // remoteEntry.js (the versioned copy is ExposeChunksPlugin's). The shell's main.js is named only by its
        // HTML, which is rendered per request: hashed, a returning visitor runs it from cache without asking.
        filename: production && isHost ? hashedOnceKnown : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        devtoolModuleFilenameTemplate: moduleFilename,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
      },
      module: {
        rules: [
          typescriptRule({ sourceMap: !production || full }),
          ...federationRuntimeRules(),
        ],
      },
      plugins: [
        // First: the federation plugin logs while it is being applied.
        new QuietIntendedNoticesPlugin(),
        // A stable default keeps chunk hashes unchanged between identical builds (long-term caching).
        new webpack.DefinePlugin({ 'process.env.PORTAL_BUILD_ID': JSON.stringify(process.env.PORTAL_BUILD_ID || 'local') }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedLibraries(dirname, { consumeOnly: production && !isHost }),
          // The default 'version-first' fetches every remote entry at start-up: one dead remote would
          // blank the shell, and a phone would pay for areas it never opens.
          shareStrategy: 'loaded-first',
          // The host always provides its runtime, so a development shell also runs production remotes.
          runtimePlugins,
          manifest: { additionalData: ({ stats }) => stableStats(stats) },
          dts: false,
          experiments,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          // The serving process rewrites this block with the runtime configuration.
          templateParameters: { portalConfig: '{}' },
          scriptLoading: 'defer',
          // Absolute, so a deep link such as /dashboard/15 still finds /main.js.
          publicPath: '/',
        }),
        production && isHost && new PreloadStartupChunksPlugin(),
        !isHost && new ExposeChunksPlugin({ routes }),
        production && (prerender || frames) &&
          new PrerenderPlugin({ dirname, entry: prerender ?? frames, replacements: prerenderReplacements, atSiteWrite: !!frames }),
        production && new ContractCheckPlugin({ name, dirname, isHost, externalRuntime: experiments.externalRuntime === true }),
        new FederationModuleIdsPlugin(),
        // Every package as published: the build fails on a loader or a stand-in applied to one.
        new ThirdPartySourcesPlugin(),
        ...(full ? precompressionPlugins() : []),
      ].filter(Boolean),
      optimization: {
        moduleIds: production ? 'deterministic' : 'named',
        ...(production && isHost ? { splitChunks: startupSplitChunks() } : {}),
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { runtimeErrors: false } },
        // A remote run alone: its own page's address, and how to start the API (shared-ui's standalone host).
        ...(!production && !isHost ? require('shared-ui/dev-host/dev-server').standaloneDevServer({ name, dir: path.basename(dirname), routes }) : {}),
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
}

/**
 * The routes an area's module declares (`export const routes`), read at build time: each must be this area's, a page
 * it exposes (when `exposes` is given), and valid by shared-api's own rule, or the build fails naming it.
 */
function areaRoutes({ name, dirname, module, exposes }) {
  const { requireTs } = require('./ts-require');
  const { routes } = requireTs(path.resolve(dirname, module), __filename);
  const { parseRoute } = requireTs('shared-api/routes', __filename);
  if (!Array.isArray(routes)) throw new Error(`${module} of ${name} exports no \`routes\` array`);
  return routes.map((route) => {
    const parsed = parseRoute(route);
    if (!parsed) throw new Error(`${name}: ${JSON.stringify(route)} is not a route (shared-api/routes, AreaRoute)`);
    if (parsed.remote !== name) throw new Error(`${name}: the route ${parsed.path} names the area ${parsed.remote}`);
    if (exposes && !Object.hasOwn(exposes, parsed.module)) {
      throw new Error(`${name}: the route ${parsed.path} names ${parsed.module}, which this area does not expose`);
    }
    return parsed;
  });
}

module.exports = { areaRoutes, ContractCheckPlugin, FederationModuleIdsPlugin, ThirdPartySourcesPlugin, createConfig, federationExperiments, precompressionPlugins, sharedLibraries, typescriptRule };
