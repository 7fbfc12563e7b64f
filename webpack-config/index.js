// One webpack + Module Federation config for the shell and every remote, so the shared-library
// rules (singletons, versions, prefixes) can never drift apart between packages.
const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PrerenderPlugin, typescriptRule } = require('./prerender');
const { prune } = require('./runtime-stubs/prune-loader');
const { namedFunctions, withParents } = require('./source-edits');
const { appName, contractProblems, liveReleaseManifest, requiredRanges, sharedVersions, versionFrom } = require('./contract');

const root = path.resolve(__dirname, '..');

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
    // No range for the runtime to check: it parsed one on every shared import, in the start-up task (half of
    // main.js's task in a CPU profile). Releases are checked before they go live instead (ContractCheckPlugin,
    // release/), and the shell warns about what slipped through when idle (shell/src/features/remotes/shared-versions.ts).
    requiredVersion: false,
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

/**
 * dist/release-contract.json: the singleton versions this app is built with and the ranges it needs at run time,
 * which the release tool copies into release.json. A production remote is also checked against the live shell's
 * release in the store (PORTAL_RELEASES_DIR): a singleton the shell provides outside the remote's range fails the
 * build, naming the library, both versions and the fix. PORTAL_CONTRACT_CHECK=off skips that check for a build of
 * the whole portal, whose shell goes live with it (`npm start`; promotion still checks).
 */
class ContractCheckPlugin {
  constructor({ name, dirname, isHost }) {
    this.app = appName(dirname) ?? name;
    this.dirname = dirname;
    this.isHost = isHost;
  }

  apply(compiler) {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ContractCheckPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ContractCheckPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const shared = sharedVersions(this.dirname);
        const contract = { app: this.app, shared, requires: requiredRanges(shared) };
        compilation.emitAsset('release-contract.json', new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
        if (this.isHost || process.env.PORTAL_CONTRACT_CHECK === 'off') return;
        const shell = liveReleaseManifest('shell');
        if (!shell) return;
        for (const problem of contractProblems(shell, contract)) {
          compilation.errors.push(new WebpackError(`Version contract: ${problem} (PORTAL_CONTRACT_CHECK=off skips this check when the shell is built and promoted with it.)`));
        }
      });
    });
  }
}

// What `experiments.provideExternalRuntime` does (hand the shell's runtime core to the remotes), but only the names a
// remote's runtime uses (`RuntimeCoreProvisionCheckPlugin` checks them): the plugin that option adds hands the whole
// module, which kept every export of runtime-core in main.js, and it resolves the CommonJS runtime-core besides.
const externalRuntimeProvider = path.join(__dirname, 'bundler-runtime', 'provide-runtime-core.js');

/**
 * Builds that do not depend on where the repository is, nor on the folder webpack runs from. The federation plugin
 * writes its runtime entry as `<cwd>/node_modules/.federation/entry.<hash>.js`, importing the runtime by absolute
 * path and hashing those paths into the name; that path is also part of the container entry module's identifier.
 * Both set module ids in remoteEntry.js and main.js, hence remoteEntry.<hash>.js, and the source maps. The same file
 * with the imports made relative, under `<app>/node_modules/.federation/` and named by the hash of that content, is
 * what the container entry names and what gets bundled instead.
 */
class StableFederationEntryPlugin {
  constructor(dirname) {
    this.dir = path.join(dirname, 'node_modules', '.federation');
  }

  /** The stable copy of the federation runtime entry at `file` (written once). */
  stable(file) {
    const source = fs.readFileSync(file, 'utf8').replace(/(from\s+)'([^']+)'/g, (match, from, target) => {
      if (!path.isAbsolute(target)) return match;
      const relative = path.relative(this.dir, target).split(path.sep).join('/');
      return `${from}'${relative.startsWith('.') ? relative : `./${relative}`}'`;
    });
    const stable = path.join(this.dir, `entry.${createHash('sha256').update(source).digest('hex').slice(0, 16)}.js`);
    if (!fs.existsSync(stable)) {
      fs.mkdirSync(this.dir, { recursive: true });
      const tmp = `${stable}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, source);
      fs.renameSync(tmp, stable);
    }
    return stable;
  }

  apply(compiler) {
    const isEntry = (request) => path.isAbsolute(request) && /[\\/]\.federation[\\/]entry\.[0-9a-f]+\.js$/.test(request);
    new webpack.NormalModuleReplacementPlugin(/[\\/]\.federation[\\/]entry\.[0-9a-f]+\.js$/, (resolveData) => {
      if (isEntry(resolveData.request)) resolveData.request = this.stable(resolveData.request);
    }).apply(compiler);
    // A late stage: the federation plugin registers the container entry's factory in this hook, after this plugin.
    compiler.hooks.thisCompilation.tap({ name: 'StableFederationEntryPlugin', stage: 1000 }, (compilation) => {
      for (const [dependency, factory] of compilation.dependencyFactories) {
        if (dependency.name !== 'ContainerEntryDependency') continue;
        const create = factory.create.bind(factory);
        factory.create = (data, callback) => {
          for (const dep of data.dependencies) {
            if (typeof dep.injectRuntimeEntry === 'string' && isEntry(dep.injectRuntimeEntry)) {
              dep.injectRuntimeEntry = this.stable(dep.injectRuntimeEntry);
            }
          }
          create(data, callback);
        };
      }
    });
  }
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
  apply(compiler) {
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
              if (group) exposes[name] = [...group.getFiles(), ...areaOnlySharedFiles(group, compilation)]
                .filter((file) => file.endsWith('.js'))
                .sort();
            }
          }
          compilation.emitAsset('expose-chunks.json', new sources.RawSource(JSON.stringify({ entry, exposes })));
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
 * Production builds: ONE federation runtime in the browser. The shell (the only host) ships it and hands it to
 * the remotes (`provideExternalRuntime`); each remote entry leaves it out (`externalRuntime`), about 24 kB
 * gzip less per remote entry. The snapshot (manifest) code is left out of the runtime too
 * (`disableSnapshot`): the shell registers each remote by its remoteEntry.js, one round trip fewer than a
 * manifest. Development keeps a full runtime in every app, so `npm start -w mfe-x` still runs a remote alone.
 */
function federationExperiments({ production, isHost }) {
  if (!production) return undefined;
  return {
    // The host's half (`provideExternalRuntime`) is the runtime plugin added in createConfig, by its ESM file.
    ...(isHost ? {} : { externalRuntime: true }),
    optimization: { disableSnapshot: true, target: 'web' },
  };
}

/** runtime-core's folder of ES modules, the ones the bundler runtime imports. */
const runtimeCoreDist = path.dirname(require.resolve('@module-federation/runtime-core', { paths: [root] }));

/**
 * Modules of the federation runtime (runtime-core 2.9.2, pinned with @module-federation/enhanced) that never run
 * in the shell's production build, replaced by small stubs (`runtime-stubs/`) that keep what still runs and throw,
 * saying why, if the rest is ever called. Only preloadRemote (the portal preloads an area's files from its HTML)
 * and the manifest/snapshot code (`disableSnapshot`; the shell registers each remote by its remoteEntry.js) use them.
 * (The snapshot plugins that also import them are left out by the minifier already, `disableSnapshot` being a
 * constant.)
 */
const RUNTIME_STUBS = {
  'plugins/snapshot/SnapshotHandler.js': 'snapshot-handler.js',
  'utils/preload.js': 'preload.js',
  'utils/semver/index.js': 'semver.js',
  // The host's options summarised for error-codes' logAndReport, which in a browser does not read them
  // (logAndReportProblems).
  'utils/context.js': 'context.js',
};

/** @module-federation/sdk's folder of ES modules (the runtime's logger comes from there). */
const sdkDist = path.dirname(require.resolve('@module-federation/sdk', { paths: [root] }));

/**
 * Modules of @module-federation/sdk replaced in the shell like RUNTIME_STUBS: its logger, whose debug mode (debug
 * messages, a stack trace on every message) is a developer's tool, not a customer's download.
 */
const SDK_STUBS = {
  'logger.js': 'sdk-logger.js',
};

/**
 * Functions of runtime-core modules that run in the shell's production build, which never call these (the code paths
 * they serve are off in every build here): each keeps its name and throws, saying why, if called
 * (`runtime-stubs/prune-loader.js`), and the minifier drops what only they used. File -> function (`name` or
 * `Class.method`) -> what it serves.
 */
const PRUNED_RUNTIME = {
  'remote/index.js': {
    // The portal preloads an area's files from its HTML (portal-server) and never calls preloadRemote.
    'RemoteHandler.preloadRemote': 'preloadRemote',
    // Only a bridge (@module-federation/bridge-*) hands the runtime a container it loaded itself.
    'RemoteHandler.initRawContainer': 'initRawContainer (a container loaded outside the runtime)',
  },
  'shared/index.js': {
    // Synchronous sharing serves eager shared libraries: no build here declares one (`sharedLibraries`).
    'SharedHandler.loadShareSync': 'loadShareSync (eager shared libraries)',
    // Every build shares with `shareStrategy: 'loaded-first'`, which never loads a remote to share its libraries.
    initRemoteModule: "shareStrategy 'version-first'",
  },
  'utils/load.js': {
    // The shell registers every remote by its remoteEntry.js, a script of type 'global'.
    loadEsmEntry: 'ES module remote entries',
    loadSystemJsEntry: 'SystemJS remote entries',
  },
};

/**
 * The hooks of runtime-core that no plugin of the portal listens to (its runtime plugins name only `beforeInit` and
 * `errorLoadRemote`; the remotes have none), by the module that emits them -> how many times: each call is dropped
 * (`runtime-stubs/prune-loader.js`, silenceHooks) where the runtime would otherwise build the hook's data and await an
 * empty list of listeners, and each of these hooks refuses a listener, naming itself (`runtime-stubs/unheard-hooks.js`),
 * so a plugin naming one fails instead of waiting in vain. Kept: `beforeInit`, `errorLoadRemote`, and `resolveShare` and `loadEntry`,
 * which the runtime hands around as objects.
 */
const UNHEARD_HOOKS = {
  'core.js': { init: 1 },
  'module/index.js': {
    beforeInitRemote: 1,
    beforeInitContainer: 1,
    initContainer: 1,
    afterInitRemote: 5,
    beforeGetExpose: 1,
    getModuleFactory: 1,
    afterGetExpose: 2,
    beforeExecuteFactory: 1,
    afterExecuteFactory: 2,
  },
  'remote/index.js': {
    beforeRegisterRemote: 1,
    registerRemote: 2,
    beforeRequest: 1,
    afterMatchRemote: 2,
    afterResolve: 1,
    onLoad: 1,
    afterLoadRemote: 1,
  },
  'shared/index.js': {
    beforeRegisterShare: 1,
    afterRegisterShare: 1,
    beforeLoadShare: 1,
    afterLoadShare: 1,
    errorLoadShare: 1,
    initContainerShareScopeMap: 1,
  },
  'utils/load.js': { createScript: 2, afterLoadEntry: 6, loadEntryError: 1 },
};

/**
 * Methods of runtime-core whose only work is to emit hooks of UNHEARD_HOOKS (module -> method -> its calls, a pruned
 * function's included): their calls go too, the loader checking that nothing else is left in them.
 */
const EMPTIED_METHODS = {
  'shared/index.js': { emitAfterRegisterShare: 2, emitAfterLoadShare: 8, emitErrorLoadShare: 3 },
};

/** The modules of runtime-core that create the hooks UNHEARD_HOOKS lists (`name: new SyncHook(...)`). */
const HOOK_DEFINITIONS = ['core.js', 'remote/index.js', 'shared/index.js'];

/**
 * Each hook of runtime-core in `dist` -> its class (SyncHook, AsyncHook, SyncWaterfallHook, AsyncWaterfallHook), which
 * says what its `emit` gives with no listener; `created`: the hooks each module of HOOK_DEFINITIONS creates; and
 * `problems`: a hook defined twice with different classes.
 */
function hookClasses(dist = runtimeCoreDist) {
  const classes = {};
  const created = {};
  const problems = [];
  for (const file of HOOK_DEFINITIONS) {
    const source = fs.existsSync(path.join(dist, file)) ? fs.readFileSync(path.join(dist, file), 'utf8') : '';
    created[file] = [];
    for (const [, name, kind] of source.matchAll(/\b(\w+): new (SyncHook|AsyncHook|SyncWaterfallHook|AsyncWaterfallHook)\(/g)) {
      if (classes[name] && classes[name] !== kind) problems.push(`@module-federation/runtime-core hook ${name} is both a ${classes[name]} and a ${kind}`);
      classes[name] = kind;
      created[file].push(name);
    }
  }
  return { classes, created, problems };
}

/**
 * The prune loader's options for each module of runtime-core it rewrites (file -> { targets, hooks, unheard }): the
 * functions of PRUNED_RUNTIME, the hooks of UNHEARD_HOOKS it emits with their classes, and those it creates (which
 * refuse a listener); and `problems`, the hooks UNHEARD_HOOKS lists that runtime-core no longer creates.
 */
function prunedModules(dist = runtimeCoreDist) {
  const { classes, created, problems } = hookClasses(dist);
  const modules = {};
  for (const [file, targets] of Object.entries(PRUNED_RUNTIME)) modules[file] = { targets };
  for (const [file, hooks] of Object.entries(UNHEARD_HOOKS)) {
    const withClasses = {};
    for (const [name, count] of Object.entries(hooks)) {
      if (!classes[name]) problems.push(`@module-federation/runtime-core no longer creates the hook ${name} in ${HOOK_DEFINITIONS.join(', ')}: this @module-federation/enhanced moved or renamed it`);
      else withClasses[name] = { kind: classes[name], count };
    }
    modules[file] = { targets: {}, ...modules[file], hooks: withClasses, ...(EMPTIED_METHODS[file] ? { emptied: EMPTIED_METHODS[file] } : {}) };
  }
  const unheard = Object.values(UNHEARD_HOOKS).flatMap((hooks) => Object.keys(hooks));
  for (const file of HOOK_DEFINITIONS) {
    const here = unheard.filter((name) => created[file].includes(name));
    if (here.length > 0) modules[file] = { targets: {}, ...modules[file], unheard: here };
  }
  return { modules, problems };
}

/**
 * Why PRUNED_RUNTIME cannot be trusted with the runtime-core in `dist` (none: an empty list): a file is gone or a
 * function is not in it exactly once (moved or renamed: the old code would run unchecked, or another would be cut).
 */
function prunedRuntimeProblems(dist = runtimeCoreDist) {
  const { modules, problems } = prunedModules(dist);
  for (const [file, { targets, ...options }] of Object.entries(modules)) {
    const label = `@module-federation/runtime-core/dist/${file}`;
    if (!fs.existsSync(path.join(dist, file))) {
      problems.push(`${label} is gone: this @module-federation/enhanced moved or renamed it`);
      continue;
    }
    const { missing } = prune(fs.readFileSync(path.join(dist, file), 'utf8'), targets, options);
    if (missing.length > 0) problems.push(`${label} has no single ${missing.join(', ')}: this @module-federation/enhanced moved or renamed it`);
  }
  return problems;
}

/** @module-federation/error-codes' folder of ES modules (its messages, which a remote takes from the shell too). */
const errorCodesDist = path.dirname(require.resolve('@module-federation/error-codes', { paths: [root] }));

/**
 * Modules of @module-federation/error-codes replaced in the shell like RUNTIME_STUBS: the runtime's messages, less
 * those of the code the shell leaves out (manifests, snapshots, loadShareSync) and of the build and type tooling.
 */
const ERROR_CODES_STUBS = {
  'desc.mjs': 'error-descriptions.js',
};

/** The names a module of runtime-core's dist exports (its one `export { ... }` statement). */
function exportedNames(file) {
  const match = /^export \{([^}]*)\};?$/m.exec(fs.readFileSync(file, 'utf8'));
  if (!match) return null;
  return match[1]
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/).pop())
    .filter(Boolean)
    .sort();
}

/**
 * For each replaced module of `stubs` (file in `dist` -> stub in runtime-stubs/): whether it is gone or moved (the stub
 * would silently stop applying) or exports a name its stub lacks.
 */
function stubExportProblems(dist, stubs, pkg) {
  const problems = [];
  for (const [file, stub] of Object.entries(stubs)) {
    const label = `${pkg}/dist/${file}`;
    const real = fs.existsSync(path.join(dist, file)) ? exportedNames(path.join(dist, file)) : null;
    if (!real) {
      problems.push(`${label} is gone or has no export list: this @module-federation/enhanced moved or renamed it`);
      continue;
    }
    const stubbed = exportedNames(path.join(__dirname, 'runtime-stubs', stub)) ?? [];
    const missing = real.filter((name) => !stubbed.includes(name));
    if (missing.length > 0) problems.push(`${label} exports ${missing.join(', ')}, which its stub lacks`);
  }
  return problems;
}

/**
 * Why runtime-stubs/context.js cannot stand in for runtime-core's utils/context.js (none: an empty list): the runtime's
 * logger no longer reports through error-codes' browser `logAndReport`, or that one now reads the context it is handed
 * (its sixth parameter), which the stub leaves undefined.
 */
function logAndReportProblems(dist = runtimeCoreDist, errorCodesDir = errorCodesDist) {
  const logger = fs.readFileSync(path.join(dist, 'utils/logger.js'), 'utf8');
  if (!/import \{ logAndReport \} from "@module-federation\/error-codes\/browser"/.test(logger)) {
    return ['@module-federation/runtime-core/dist/utils/logger.js no longer takes logAndReport from @module-federation/error-codes/browser: check what it does with the context runtime-stubs/context.js leaves out'];
  }
  const file = path.join(errorCodesDir, 'browser.mjs');
  const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const [fn] = namedFunctions(require('acorn').parse(source, { ecmaVersion: 'latest', sourceType: 'module' })).get('logAndReport') ?? [];
  const context = fn?.params[5]?.name;
  const read = fn ? withParents(fn.body).filter(({ node }) => node.type === 'Identifier' && node.name === context) : [];
  if (!fn || !context || read.length > 0) {
    return ['@module-federation/error-codes/dist/browser.mjs: logAndReport is gone or reads its context (its sixth parameter), which runtime-stubs/context.js leaves undefined'];
  }
  return [];
}

/** The runtime-core release the stubs were checked against: another may call what a stub leaves out. */
const STUBBED_RUNTIME_VERSION = '2.9.2';

/**
 * Why RUNTIME_STUBS and PRUNED_RUNTIME (and SDK_STUBS, ERROR_CODES_STUBS, with those packages in `sdkDir`,
 * `errorCodesDir`) cannot be trusted with the runtime-core in `dist` (none: an empty list): another release than the
 * one they were checked against, a replaced module moved or renamed (the stub would silently stop applying), one
 * exporting a name its stub lacks, or a pruned function gone. Each problem names the module.
 */
function runtimeStubProblems(dist = runtimeCoreDist, sdkDir = sdkDist, errorCodesDir = errorCodesDist) {
  const problems = [];
  const { version } = JSON.parse(fs.readFileSync(path.join(dist, '..', 'package.json'), 'utf8'));
  if (version !== STUBBED_RUNTIME_VERSION) {
    problems.push(
      `@module-federation/runtime-core is ${version}, the stubs were checked against ${STUBBED_RUNTIME_VERSION}: check each replaced module of the new release, then update STUBBED_RUNTIME_VERSION`,
    );
  }
  problems.push(...stubExportProblems(dist, RUNTIME_STUBS, '@module-federation/runtime-core'));
  const sdk = JSON.parse(fs.readFileSync(path.join(sdkDir, '..', 'package.json'), 'utf8')).version;
  if (sdk !== STUBBED_RUNTIME_VERSION) {
    problems.push(
      `@module-federation/sdk is ${sdk}, its stubs were checked against ${STUBBED_RUNTIME_VERSION}: check each replaced module of the new release, then update STUBBED_RUNTIME_VERSION`,
    );
  }
  problems.push(...stubExportProblems(sdkDir, SDK_STUBS, '@module-federation/sdk'));
  const errorCodes = JSON.parse(fs.readFileSync(path.join(errorCodesDir, '..', 'package.json'), 'utf8')).version;
  if (errorCodes !== STUBBED_RUNTIME_VERSION) {
    problems.push(
      `@module-federation/error-codes is ${errorCodes}, its stub was checked against ${STUBBED_RUNTIME_VERSION}: check which errors the runtime raises, then update STUBBED_RUNTIME_VERSION`,
    );
  }
  problems.push(...stubExportProblems(errorCodesDir, ERROR_CODES_STUBS, '@module-federation/error-codes'));
  problems.push(...prunedRuntimeProblems(dist));
  problems.push(...logAndReportProblems(dist, errorCodesDir));
  return problems;
}

/**
 * Swaps each module of `targets` (file -> file) for its replacement, and fails the build, naming `owner`, on any of
 * `problems` or when the runtime no longer imports a replaced module from where it is listed.
 */
class ReplaceRuntimeModulesPlugin {
  constructor({ owner, targets, pruned = new Map(), problems, alias }) {
    Object.assign(this, { owner, targets, pruned, problems, alias });
  }

  apply(compiler) {
    const { WebpackError } = compiler.webpack;
    compiler.options.resolve.alias = { ...compiler.options.resolve.alias, ...this.alias };
    const replaced = new Set();
    compiler.hooks.normalModuleFactory.tap(this.owner, (factory) => {
      factory.hooks.afterResolve.tap(this.owner, (resolveData) => {
        const data = resolveData.createData;
        const pruned = data.resource && this.pruned.get(data.resource);
        if (pruned) {
          replaced.add(data.resource);
          data.loaders = [...(data.loaders ?? []), { loader: pruneLoader, options: pruned, ident: `prune:${path.relative(root, data.resource)}` }];
          return;
        }
        const stub = data.resource && this.targets.get(data.resource);
        if (!stub) return;
        replaced.add(data.resource);
        data.resource = stub;
        data.context = path.dirname(stub);
        data.userRequest = stub;
        data.request = stub;
      });
    });
    compiler.hooks.thisCompilation.tap(this.owner, (compilation) => {
      compilation.hooks.finishModules.tap(this.owner, () => {
        const unused = [...this.targets.keys(), ...this.pruned.keys()].filter((file) => !replaced.has(file));
        for (const problem of [
          ...this.problems,
          ...unused.map((file) => `${path.relative(root, file)} was never imported: the runtime no longer loads it from there`),
        ]) {
          compilation.errors.push(new WebpackError(`${this.owner}: ${problem}.`));
        }
      });
    });
  }
}

const pruneLoader = path.join(__dirname, 'runtime-stubs', 'prune-loader.js');

/** Swaps RUNTIME_STUBS into the shell's runtime, and prunes PRUNED_RUNTIME (see there). */
function runtimeStubsPlugin() {
  return new ReplaceRuntimeModulesPlugin({
    owner: 'Runtime stubs (webpack-config RUNTIME_STUBS)',
    targets: new Map([
      ...Object.entries(RUNTIME_STUBS).map(([file, stub]) => [path.join(runtimeCoreDist, file), path.join(__dirname, 'runtime-stubs', stub)]),
      ...Object.entries(SDK_STUBS).map(([file, stub]) => [path.join(sdkDist, file), path.join(__dirname, 'runtime-stubs', stub)]),
      ...Object.entries(BUNDLER_RUNTIME_STUBS).map(([file, stub]) => [path.join(bundlerRuntimeDist, file), path.join(__dirname, 'runtime-stubs', stub)]),
      ...Object.entries(ERROR_CODES_STUBS).map(([file, stub]) => [path.join(errorCodesDist, file), path.join(__dirname, 'runtime-stubs', stub)]),
    ]),
    pruned: new Map(Object.entries(prunedModules().modules).map(([file, options]) => [path.join(runtimeCoreDist, file), options])),
    problems: [...runtimeStubProblems(), ...bundlerRuntimeProblems()],
    alias: {
      'federation-runtime-core-dist': runtimeCoreDist,
      'portal-runtime-stubs': path.join(__dirname, 'runtime-stubs'),
    },
  });
}

/** @module-federation/runtime's folder of ES modules. */
const runtimeDist = path.dirname(require.resolve('@module-federation/runtime', { paths: [root] }));

/** @module-federation/webpack-bundler-runtime's folder of ES modules. */
const bundlerRuntimeDist = path.dirname(require.resolve('@module-federation/webpack-bundler-runtime', { paths: [root] }));

/**
 * Modules of the bundler runtime that never run in production here, replaced in the shell (whose copy the remotes
 * use) like RUNTIME_STUBS: the loader of build-time remotes (no app has any), what serves shared tree shaking
 * (never turned on), the set-up of eager shared libraries (none is eager) and of Rspack's share-scope data.
 */
const BUNDLER_RUNTIME_STUBS = {
  'index.js': 'bundler-index.js',
  'remotes.js': 'bundler-remotes.js',
  'init.js': 'bundler-init.js',
  'getSharedFallbackGetter.js': 'bundler-fallback-getter.js',
  'installInitialConsumes.js': 'bundler-initial-consumes.js',
  'updateOptions.js': 'bundler-update-options.js',
  // Its copy of error-codes' getShortErrorMsg, which the shell's runtime carries already (budgets/ compares them).
  'error-codes/dist/getShortErrorMsg.js': 'bundler-short-error-msg.js',
};

/**
 * Why the bundler runtime the shell hands to the remotes, and BUNDLER_RUNTIME_STUBS, cannot be trusted (none: an
 * empty list).
 */
function bundlerRuntimeProblems(dist = bundlerRuntimeDist) {
  const { version } = JSON.parse(fs.readFileSync(path.join(dist, '..', 'package.json'), 'utf8'));
  const problems = stubExportProblems(dist, BUNDLER_RUNTIME_STUBS, '@module-federation/webpack-bundler-runtime');
  // bundler-runtime/container-runtime.js is its `init`.
  const runtime = JSON.parse(fs.readFileSync(path.join(runtimeDist, '..', 'package.json'), 'utf8')).version;
  if (runtime !== STUBBED_RUNTIME_VERSION) {
    problems.push(`@module-federation/runtime is ${runtime}, bundler-runtime/container-runtime.js was checked against ${STUBBED_RUNTIME_VERSION}: compare it with the new init, then update STUBBED_RUNTIME_VERSION`);
  }
  if (version === STUBBED_RUNTIME_VERSION) return problems;
  return [
    ...problems,
    `@module-federation/webpack-bundler-runtime is ${version}, bundler-runtime/ was checked against ${STUBBED_RUNTIME_VERSION}: compare its dist/index.js and bundler.js with bundler-runtime/from-host.js, then update STUBBED_RUNTIME_VERSION`,
  ];
}

/**
 * Production builds: the shell hands its bundler runtime's functions to the remotes (`bundler-runtime/provide.js`,
 * a runtime plugin), and each remote entry takes them from there instead of bundling its own copy
 * (`bundler-runtime/from-host.js` replaces the package's `dist/bundler.js`).
 */
function bundlerRuntimePlugins({ isHost }) {
  const version = new webpack.DefinePlugin({ BUNDLER_RUNTIME_VERSION: JSON.stringify(STUBBED_RUNTIME_VERSION) });
  const alias = { 'federation-bundler-runtime-dist': bundlerRuntimeDist };
  if (isHost) {
    return [version, { apply: (compiler) => { compiler.options.resolve.alias = { ...compiler.options.resolve.alias, ...alias }; } }];
  }
  return [
    version,
    new ReplaceRuntimeModulesPlugin({
      owner: 'Bundler runtime from the shell (webpack-config bundler-runtime/)',
      targets: new Map([[path.join(bundlerRuntimeDist, 'bundler.js'), path.join(__dirname, 'bundler-runtime', 'from-host.js')]]),
      problems: bundlerRuntimeProblems(),
      alias,
    }),
  ];
}

/** The names the shell hands to the remotes as their runtime core (`bundler-runtime/provide-runtime-core.js`'s imports). */
function providedRuntimeCoreNames(file = externalRuntimeProvider) {
  const match = /import \{([^}]*)\} from '@module-federation\/runtime-core'/.exec(fs.readFileSync(file, 'utf8'));
  return match ? match[1].split(',').map((name) => name.trim()).filter(Boolean) : [];
}

/**
 * A production remote's runtime core is the shell's (a global the shell sets, `experiments.externalRuntime`), which
 * hands only some names: the build fails, naming them, when this remote's code uses one the shell does not hand, or
 * the whole module (a namespace or `export *`, whose names cannot be checked). Checked once webpack knows which
 * exports are used: an import or re-export of a name no code uses is left out of the bundle.
 */
class RuntimeCoreProvisionCheckPlugin {
  apply(compiler) {
    const { WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RuntimeCoreProvisionCheckPlugin', (compilation) => {
      compilation.hooks.afterOptimizeDependencies.tap('RuntimeCoreProvisionCheckPlugin', (modules) => {
        const provided = new Set(providedRuntimeCoreNames());
        const used = new Set();
        for (const module of modules) {
          if (module.constructor.name !== 'ExternalModule' || [module.request].flat()[0] !== '_FEDERATION_RUNTIME_CORE') continue;
          for (const connection of compilation.moduleGraph.getIncomingConnections(module)) {
            const { dependency, originModule } = connection;
            if (!dependency || dependency.type === 'harmony side effect evaluation' || !connection.isActive(undefined)) continue;
            const ids = typeof dependency.getIds === 'function' ? dependency.getIds(compilation.moduleGraph) : [];
            used.add(ids[0] ?? `the whole module (${originModule?.readableIdentifier(compilation.requestShortener)})`);
          }
        }
        const missing = [...used].filter((name) => !provided.has(name)).sort();
        if (missing.length === 0) return;
        compilation.errors.push(
          new WebpackError(
            `Runtime core from the shell (webpack-config bundler-runtime/provide-runtime-core.js): this remote uses ${missing.join(', ')}, which the shell does not hand to the remotes; add it there.`,
          ),
        );
      });
    });
  }
}

/**
 * One share-scope runtime per container: webpack adds its own (`webpack/runtime/sharing`, registering every library
 * the container provides) beside the federation plugin's, which comes later and replaces its `initializeSharing`
 * with the federation runtime's (the libraries being in `initOptions.shared`), so webpack's never runs. Its code is
 * left out; the build fails if a chunk that had it lacks the federation plugin's (a new release that stops writing
 * its own would otherwise leave the container without one).
 */
class SingleShareRuntimePlugin {
  apply(compiler) {
    const { WebpackError } = compiler.webpack;
    // Webpack's own class, from the webpack that runs this build.
    const WebpackShareRuntimeModule = require(require.resolve('webpack/lib/sharing/ShareRuntimeModule', { paths: [path.dirname(require.resolve('webpack'))] }));
    compiler.hooks.thisCompilation.tap('SingleShareRuntimePlugin', (compilation) => {
      const chunks = new Set();
      compilation.hooks.runtimeModule.tap('SingleShareRuntimePlugin', (module, chunk) => {
        if (!(module instanceof WebpackShareRuntimeModule)) return;
        module.generate = () => null;
        chunks.add(chunk);
      });
      compilation.hooks.afterCodeGeneration.tap('SingleShareRuntimePlugin', () => {
        for (const chunk of chunks) {
          const federation = [...compilation.chunkGraph.getChunkRuntimeModulesIterable(chunk)].some(
            (module) => module.name === 'sharing' && !(module instanceof WebpackShareRuntimeModule) && /\.initOptions\.shared = /.test(module.getGeneratedCode() ?? ''),
          );
          if (!federation) {
            compilation.errors.push(new WebpackError(`SingleShareRuntimePlugin (webpack-config): chunk ${chunk.name ?? chunk.id} has no share-scope runtime of the federation plugin, which its webpack one was left out for.`));
          }
        }
      });
    });
  }
}

/**
 * The script loader webpack writes into every container (`__webpack_require__.l`: a chunk's script tag, its timeout,
 * its dedupe by `data-webpack`), the same code in each but for the container's `uniqueName` prefix and its own
 * `__webpack_require__` (the nonce): the shell makes it a factory, `loadScriptFor(prefix, require)`, which it uses
 * itself and hands to the remotes (`bundler-runtime/provide.js`), and a production remote's entry calls that instead of
 * carrying a copy. Webpack's code is taken as it renders it, with only its two container-specific names made
 * parameters; the build fails, naming the module, if it no longer has that shape or its body is not the one
 * `LOAD_SCRIPT_BODY` (a hash) was checked against, in the shell and in each remote alike, so both sides run one code.
 */
const LOAD_SCRIPT_BODY = 'b21d7c39bb6cc9c8';

class SharedScriptLoaderPlugin {
  constructor({ isHost }) {
    this.isHost = isHost;
  }

  /** Webpack's loader code -> { prefix, declare (const/var), body (the function), problem }. */
  static parse(code) {
    const match = /^(const|var|let) inProgress = \{\};\n(?:const|var|let) dataWebpackPrefix = ("[^"\n]*");\n\/\/ loadScript function to load a script via script tag\n__webpack_require__\.l = ([^]*);$/.exec(code.trim());
    if (!match) return { problem: 'its code no longer has the shape webpack 5.111.1 gave it' };
    const [, declare, prefix, body] = match;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    if (hash !== LOAD_SCRIPT_BODY) return { problem: `its loader is not the one checked (body ${hash}, checked ${LOAD_SCRIPT_BODY}): compare it with the shell's and update LOAD_SCRIPT_BODY` };
    return { declare, prefix, body };
  }

  apply(compiler) {
    const { WebpackError } = compiler.webpack;
    const LoadScriptRuntimeModule = require(require.resolve('webpack/lib/runtime/LoadScriptRuntimeModule', { paths: [path.dirname(require.resolve('webpack'))] }));
    compiler.hooks.thisCompilation.tap('SharedScriptLoaderPlugin', (compilation) => {
      compilation.hooks.runtimeModule.tap('SharedScriptLoaderPlugin', (module) => {
        if (!(module instanceof LoadScriptRuntimeModule)) return;
        const generate = module.generate.bind(module);
        module.generate = () => {
          const { declare, prefix, body, problem } = SharedScriptLoaderPlugin.parse(generate());
          if (problem) {
            compilation.errors.push(new WebpackError(`SharedScriptLoaderPlugin (webpack-config): webpack's script loader (webpack/runtime/load script): ${problem}.`));
            return generate();
          }
          if (this.isHost) {
            return [
              `__webpack_require__.loadScriptFor = (dataWebpackPrefix, __webpack_require__) => {`,
              `\t${declare} inProgress = {};`,
              `\treturn ${body};`,
              `};`,
              `__webpack_require__.l = __webpack_require__.loadScriptFor(${prefix}, __webpack_require__);`,
            ].join('\n');
          }
          // The shell's, set before any remote entry loads; a shell without it is refused by from-host.js.
          return `__webpack_require__.l = globalThis._PORTAL_FEDERATION_BUNDLER_RUNTIME?.loadScriptFor?.(${prefix}, __webpack_require__);`;
        };
      });
    });
  }
}

/** The shell's runtime plugin giving the remotes its bundler runtime (bundlerRuntimePlugins). */
const bundlerRuntimeProvider = path.join(__dirname, 'bundler-runtime', 'provide.js');

/**
 * The shell's entry file name, hashed. The federation runtime module asks for this name while the chunk's hash is
 * still being computed, only to learn its folder depth; it gets the unhashed name, in the same folder.
 */
function hashedOnceKnown(pathData) {
  return pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * @param {object} options
 * @param {string} options.name federation name (shell, auth, kits, billing, profile)
 * @param {string} options.dirname the package folder
 * @param {number} options.port dev-server port
 * @param {Record<string,string>} [options.exposes]
 * @param {string[]} [options.runtimePlugins]
 * @param {string} [options.title]
 * @param {string} [options.prerender] a module exporting `prerender()`, run after a production build (PrerenderPlugin)
 * @param {[RegExp, string][]} [options.prerenderReplacements] modules the prerender bundle takes from elsewhere (request pattern, file)
 */
function createConfig({ name, dirname, port, exposes, runtimePlugins = [], title = 'Starlink Kits Portal', prerender, prerenderReplacements }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    // PORTAL_BUILD_PROFILE=test: the production build without what no test reads (source maps, .gz and .br copies).
    const full = production && process.env.PORTAL_BUILD_PROFILE !== 'test';
    const isHost = !exposes || Object.keys(exposes).length === 0;
    // The federation plugin names each build `<name>:<version>` from the package.json of the working directory
    // (`auth:1.0.0` from mfe-auth/, `auth:local` from the repository root, which has no version): the app's own.
    process.env.MF_BUILD_VERSION = JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8')).version;
    return {
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: { main: './src/index.ts' },
      devtool: production ? (full ? 'source-map' : false) : 'eval-cheap-module-source-map',
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
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
      },
      module: {
        rules: [
          typescriptRule({ sourceMap: !production || full }),
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
          runtimePlugins: isHost ? [...runtimePlugins, externalRuntimeProvider, bundlerRuntimeProvider] : runtimePlugins,
          manifest: { additionalData: ({ stats }) => stableStats(stats) },
          dts: false,
          experiments: federationExperiments({ production, isHost }),
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
        production && isHost && runtimeStubsPlugin(),
        // The host's part (the bundler runtime's alias and release) in every mode: its runtime plugins need it.
        ...(production || isHost ? bundlerRuntimePlugins({ isHost }) : []),
        production && !isHost && new RuntimeCoreProvisionCheckPlugin(),
        production && new SingleShareRuntimePlugin(),
        (production || isHost) && new SharedScriptLoaderPlugin({ isHost }),
        !isHost && new ExposeChunksPlugin(),
        production && prerender && new PrerenderPlugin({ dirname, entry: prerender, replacements: prerenderReplacements }),
        production && new ContractCheckPlugin({ name, dirname, isHost }),
        new StableFederationEntryPlugin(dirname),
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
        ...(!production && !isHost ? require('shared-ui/dev-host/dev-server').standaloneDevServer({ name, port }) : {}),
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
}

module.exports = { ContractCheckPlugin, RuntimeCoreProvisionCheckPlugin, SharedScriptLoaderPlugin, bundlerRuntimeProblems, providedRuntimeCoreNames, createConfig, precompressionPlugins, runtimeStubProblems, sharedLibraries, typescriptRule };
