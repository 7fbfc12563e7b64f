import * as acorn from 'acorn';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distOf, remotes, repoRoot, shellStartupScripts, type Remote } from './first-load';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bundlerRuntimeProblems, providedRuntimeCoreNames, runtimeStubProblems } = require(path.join(repoRoot, 'webpack-config')) as {
  bundlerRuntimeProblems: (dist?: string) => string[];
  providedRuntimeCoreNames: () => string[];
  runtimeStubProblems: (dist?: string, sdkDir?: string, errorCodesDir?: string) => string[];
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prune } = require(path.join(repoRoot, 'webpack-config', 'runtime-stubs', 'prune-loader.js')) as {
  prune: (
    source: string,
    targets: Record<string, string>,
    options?: { hooks?: Record<string, { kind: string; count: number }>; unheard?: string[]; emptied?: Record<string, number> },
  ) => { code: string; missing: string[] };
};

const runtimeCoreDist = path.join(repoRoot, 'node_modules', '@module-federation', 'runtime-core', 'dist');

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function children(node: Node): Node[] {
  return Object.values(node).flatMap((value) =>
    (Array.isArray(value) ? value : [value]).filter((child): child is Node => typeof (child as Node | null)?.type === 'string'),
  );
}

/**
 * The names a built remote entry reads from the runtime core the shell hands it: the properties read through the
 * variable a function binds to it (`self._FEDERATION_RUNTIME_CORE`, or the module webpack makes of it).
 */
function runtimeCoreNamesRead(code: string): string[] {
  // Its module's id, when webpack keeps it a module of its own (`123(e){e.exports=self._FEDERATION_RUNTIME_CORE}`).
  const id = /(\d+)\(\w+\)\{(?:"use strict";)?\w+\.exports=(?:self\.)?_FEDERATION_RUNTIME_CORE\}/.exec(code)?.[1];
  const isCore = (node: Node | undefined) =>
    (node?.type === 'Identifier' && node.name === '_FEDERATION_RUNTIME_CORE') ||
    (node?.type === 'MemberExpression' && (node.property as { name?: string }).name === '_FEDERATION_RUNTIME_CORE') ||
    (id !== undefined && node?.type === 'CallExpression' && (node.arguments as Node[])[0]?.value === Number(id));
  const requiresCore = (node: Node) => node.type === 'VariableDeclarator' && isCore(node.init as Node | undefined);
  const names = new Set<string>();
  const readThrough = (node: Node, binding: string) => {
    if (node.type === 'MemberExpression' && (node.object as { name?: string }).name === binding) {
      names.add((node.property as { name: string }).name);
    }
    children(node).forEach((child) => readThrough(child, binding));
  };
  // The binding, among a function's own declarations (not those of the functions inside it).
  const bindingOf = (fn: Node): string | undefined => {
    const find = (node: Node): string | undefined => {
      if (requiresCore(node)) return (node.id as { name: string }).name;
      if (node !== fn && /Function/.test(node.type)) return undefined;
      for (const child of children(node)) {
        const found = find(child);
        if (found) return found;
      }
      return undefined;
    };
    return find(fn);
  };
  const visit = (node: Node) => {
    const binding = /Function/.test(node.type) ? bindingOf(node) : undefined;
    if (binding) readThrough(node, binding);
    children(node).forEach(visit);
  };
  visit(acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script' }) as unknown as Node);
  return [...names].sort();
}

/** A copy of runtime-core (package.json and dist) to change as a new release might. */
function runtimeCoreCopy(change: (dist: string) => void): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-core-'));
  fs.copyFileSync(path.join(runtimeCoreDist, '..', 'package.json'), path.join(copy, 'package.json'));
  fs.cpSync(runtimeCoreDist, path.join(copy, 'dist'), { recursive: true });
  change(path.join(copy, 'dist'));
  return path.join(copy, 'dist');
}

const copies: string[] = [];
afterAll(() => copies.forEach((dist) => fs.rmSync(path.dirname(dist), { recursive: true, force: true })));
const changed = (change: (dist: string) => void) => {
  const dist = runtimeCoreCopy(change);
  copies.push(dist);
  return dist;
};

describe('the federation runtime modules replaced by stubs in the shell', () => {
  it('fit the installed runtime, whose version stays pinned exactly', () => {
    expect(runtimeStubProblems()).toEqual([]);
    const { devDependencies } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(devDependencies['@module-federation/enhanced']).toBe('2.9.2');
  });

  it('a release that moves or renames a replaced module, or adds an export to one, fails naming the module', () => {
    const moved = changed((dist) =>
      fs.renameSync(
        path.join(dist, 'plugins/snapshot/SnapshotHandler.js'),
        path.join(dist, 'plugins/snapshot/handler.js'),
      ),
    );
    expect(runtimeStubProblems(moved)).toEqual([
      expect.stringContaining('@module-federation/runtime-core/dist/plugins/snapshot/SnapshotHandler.js is gone'),
    ]);
    const grown = changed((dist) => {
      const file = path.join(dist, 'utils/preload.js');
      const source = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(
        file,
        source.replace(/^export \{ ([^}]*) \};$/m, 'export { $1, formatPreloadArgs as preloadLater };'),
      );
    });
    expect(runtimeStubProblems(grown)).toEqual([
      '@module-federation/runtime-core/dist/utils/preload.js exports preloadLater, which its stub lacks',
    ]);
  });

  it('a release that renames or moves a pruned function fails naming it and its module', () => {
    const renamed = changed((dist) => {
      const file = path.join(dist, 'utils/load.js');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('loadEsmEntry', 'loadModuleEntry'));
    });
    expect(runtimeStubProblems(renamed)).toEqual([
      expect.stringMatching(/runtime-core\/dist\/utils\/load\.js has no single loadEsmEntry\b/),
    ]);
    const moved = changed((dist) => fs.rmSync(path.join(dist, 'shared/index.js')));
    const problems = runtimeStubProblems(moved);
    expect(problems).toContainEqual(expect.stringContaining('runtime-core/dist/shared/index.js is gone'));
    // And the hooks it created, which UNHEARD_HOOKS lists.
    for (const problem of problems) expect(problem).toContain('shared/index.js');
  });

  it('a pruned function keeps its name and says why it is left out if it is ever called', async () => {
    const source = fs.readFileSync(path.join(runtimeCoreDist, 'utils/load.js'), 'utf8');
    const { code, missing } = prune(source, { loadEsmEntry: 'ES module remote entries' });
    expect(missing).toEqual([]);
    expect(code).toContain('async function loadEsmEntry(');
    expect(code).toContain('leftOut("ES module remote entries")');
    expect(code).not.toContain('Failed to load ESM entry');
  });

  it('a release that emits a dropped hook elsewhere, or renames one, fails naming the hook and its module', () => {
    const emittedTwice = changed((dist) => {
      const file = path.join(dist, 'module/index.js');
      const source = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, source.replace('this.lib = remoteEntryExports;', 'this.lib = remoteEntryExports;\n\t\tawait this.host.loaderHook.lifecycle.beforeGetExpose.emit({ id });'));
    });
    expect(runtimeStubProblems(emittedTwice)).toEqual([
      expect.stringMatching(/runtime-core\/dist\/module\/index\.js has no single beforeGetExpose \(emitted 1 times\)/),
    ]);
    const renamed = changed((dist) => {
      for (const file of ['core.js', 'module/index.js']) {
        const source = fs.readFileSync(path.join(dist, file), 'utf8');
        fs.writeFileSync(path.join(dist, file), source.replaceAll('afterInitRemote', 'afterRemoteInit'));
      }
    });
    expect(runtimeStubProblems(renamed)).toEqual([expect.stringContaining('no longer creates the hook afterInitRemote')]);
  });

  it("a dropped hook's call goes, and what the runtime reads of it is what the hook gives with no listener", () => {
    const source = fs.readFileSync(path.join(runtimeCoreDist, 'module/index.js'), 'utf8');
    const { code, missing } = prune(source, {}, {
      hooks: {
        afterInitRemote: { kind: 'AsyncHook', count: 5 },
        beforeInitContainer: { kind: 'AsyncWaterfallHook', count: 1 },
        getModuleFactory: { kind: 'AsyncHook', count: 1 },
      },
    });
    expect(missing).toEqual([]);
    expect(code).not.toMatch(/lifecycle\.(afterInitRemote|beforeInitContainer|getModuleFactory)\b/);
    // A waterfall hook's data, as it comes back with no listener; an async hook's result, undefined.
    expect(code).toMatch(/const initContainerOptions = \(\{\s*shareScope,/);
    expect(code).toContain('const hookModuleFactory = void 0;');
  });

  it('a plugin listening to a dropped hook is refused, naming the hook; one listening to a kept hook registers', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { unheardHook } = require(path.join(repoRoot, 'webpack-config', 'runtime-stubs', 'unheard-hooks.js')) as {
      unheardHook: <T>(hook: T, name: string) => T;
    };
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { PluginSystem } = require(path.join(runtimeCoreDist, 'utils/hooks/pluginSystem.cjs')) as {
      PluginSystem: new (hooks: Record<string, unknown>) => { applyPlugin: (plugin: object) => void; lifecycle: Record<string, { listeners: Set<unknown> }> };
    };
    const { AsyncHook } = require(path.join(runtimeCoreDist, 'utils/hooks/asyncHook.cjs')) as { AsyncHook: new (type?: string) => object };
    /* eslint-enable @typescript-eslint/no-require-imports */
    const system = new PluginSystem({
      afterInitRemote: unheardHook(new AsyncHook('afterInitRemote'), 'afterInitRemote'),
      errorLoadRemote: new AsyncHook('errorLoadRemote'),
    });
    const errorLoadRemote = () => undefined;
    system.applyPlugin({ name: 'kept', errorLoadRemote });
    expect(system.lifecycle.errorLoadRemote?.listeners.has(errorLoadRemote)).toBe(true);
    expect(() => system.applyPlugin({ name: 'listener', afterInitRemote: () => undefined })).toThrow(
      'Federation runtime: the afterInitRemote hook (a runtime plugin listens to it) is left out of this build',
    );
  });

  it('the error context is left out only while the browser reporter ignores it', () => {
    const errorCodesDist = path.join(repoRoot, 'node_modules', '@module-federation', 'error-codes', 'dist');
    const sdkDist = path.join(repoRoot, 'node_modules', '@module-federation', 'sdk', 'dist');
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'error-codes-'));
    copies.push(path.join(copy, 'dist'));
    fs.copyFileSync(path.join(errorCodesDist, '..', 'package.json'), path.join(copy, 'package.json'));
    fs.cpSync(errorCodesDist, path.join(copy, 'dist'), { recursive: true });
    const browser = path.join(copy, 'dist', 'browser.mjs');
    fs.writeFileSync(
      browser,
      fs.readFileSync(browser, 'utf8').replace('return logger(', 'if (context) console.info(context);\n\treturn logger('),
    );
    expect(runtimeStubProblems(runtimeCoreDist, sdkDist, path.join(copy, 'dist'))).toEqual([
      expect.stringContaining('logAndReport is gone or reads its context'),
    ]);
  });

  it('a runtime-core release other than the one the stubs were checked against fails', () => {
    const newer = changed((dist) => {
      const file = path.join(dist, '..', 'package.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"version": "2.9.2"', '"version": "2.10.0"'));
    });
    expect(runtimeStubProblems(newer)).toEqual([expect.stringContaining('runtime-core is 2.10.0')]);
  });

  it("the shell's production main.js, which holds the runtime, carries the stubs instead of the code they replace", () => {
    const main = shellStartupScripts().find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file));
    const code = fs.readFileSync(path.join(distOf('shell'), main!), 'utf8');
    expect(code).toContain('RUNTIME_STUBS');
    for (const marker of [
      'is not a valid federation manifest', // plugins/snapshot/SnapshotHandler.js
      'modulepreload', // utils/preload.js
      'Error processing range part', // utils/semver/index.js
      'inject-external-runtime-core-plugin', // the whole runtime core handed to the remotes
      'captureStackTrace', // @module-federation/sdk's logger.js
      'Failed to load ESM entry', // utils/load.js, loadEsmEntry (PRUNED_RUNTIME)
      'System.import', // utils/load.js, loadSystemJsEntry
      'Invalid loadShareSync function call', // shared/index.js, loadShareSync, and its messages in error-codes' desc.mjs
      'Failed to get manifest', // error-codes' desc.mjs, a manifest's message
      'loadShareSync failed!', // webpack-bundler-runtime's installInitialConsumes.js
      'scopeToSharingDataMapping', // webpack-bundler-runtime's updateOptions.js, Rspack's share-scope data
      'mfRole', // utils/context.js, the error context the browser reporter ignores
      'cached:!0', // the data of dropped hooks (afterInitRemote, afterLoadEntry)
    ]) {
      expect({ marker, found: code.includes(marker) }).toEqual({ marker, found: false });
    }
  });
});

describe("the runtime's messages in the shell", () => {
  it('are worded as in @module-federation/error-codes, and only those of code the shell leaves out are missing', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const stub = require(path.join(repoRoot, 'webpack-config', 'runtime-stubs', 'error-descriptions.js')) as {
      runtimeDescMap: Record<string, string>;
    };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runtimeDescMap } = require('@module-federation/error-codes') as typeof stub;
    for (const [code, message] of Object.entries(stub.runtimeDescMap)) expect({ code, message }).toEqual({ code, message: runtimeDescMap[code] });
    const leftOut = Object.keys(runtimeDescMap).filter((code) => !(code in stub.runtimeDescMap));
    // Manifests and snapshots (003, 007, 011, 013), loadShareSync (005, 006), the consumes' own copy (012).
    expect(leftOut.sort()).toEqual(['003', '005', '006', '007', '011', '012', '013'].map((n) => `RUNTIME-${n}`));
  });
});

describe("each container's share-scope runtime", () => {
  it("is the federation plugin's alone: webpack's own registrations, which never ran, are left out", () => {
    const main = shellStartupScripts().find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file));
    const code = fs.readFileSync(path.join(distOf('shell'), main!), 'utf8');
    // The federation plugin's `initOptions.shared`, which the runtime registers.
    expect(code).toMatch(/\.initOptions\.shared=\{[^]*\breact:\[\{version:"\d/);
    // Webpack's `register("react", "19.x", …)`.
    expect(code).not.toMatch(/\("react","\d/);
  });
});

describe('the runtime core the shell hands to the remotes', () => {
  it("has every runtime-core name a remote's entry reads from it (each remote's build also checks what it uses)", () => {
    const provided = providedRuntimeCoreNames();
    expect(provided).toContain('ModuleFederation');
    for (const remote of Object.keys(remotes) as Remote[]) {
      const read = runtimeCoreNamesRead(fs.readFileSync(path.join(distOf(remotes[remote]), 'remoteEntry.js'), 'utf8'));
      expect({ remote, missing: read.filter((name) => !provided.includes(name)) }).toEqual({ remote, missing: [] });
    }
  });

  it("a remote's entry starts its container with the shell's init, carrying no runtime of its own", () => {
    for (const remote of Object.keys(remotes) as Remote[]) {
      const entry = fs.readFileSync(path.join(distOf(remotes[remote]), 'remoteEntry.js'), 'utf8');
      expect({ remote, fromShell: entry.includes('initContainerRuntime'), own: entry.includes('setGlobalFederationConstructor') }).toEqual({
        remote,
        fromShell: true,
        own: false,
      });
    }
  });
});

describe("the script loader the shell hands to the remotes (webpack's `__webpack_require__.l`)", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SharedScriptLoaderPlugin } = require(path.join(repoRoot, 'webpack-config')) as {
    SharedScriptLoaderPlugin: { parse: (code: string) => { prefix?: string; problem?: string } };
  };

  it('is in main.js, and no remote entry carries a loader of its own', () => {
    const main = shellStartupScripts().find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file));
    const shell = fs.readFileSync(path.join(distOf('shell'), main!), 'utf8');
    // The loader's own code: the attribute by which it finds a script already in the page.
    const loader = '"data-webpack"';
    expect(shell).toContain('loadScriptFor');
    expect(shell).toContain(loader);
    for (const remote of Object.keys(remotes) as Remote[]) {
      const entry = fs.readFileSync(path.join(distOf(remotes[remote]), 'remoteEntry.js'), 'utf8');
      expect({ remote, fromShell: entry.includes(`loadScriptFor?.("${remote}:"`), own: entry.includes(loader) }).toEqual({
        remote,
        fromShell: true,
        own: false,
      });
    }
  });

  it('is taken from webpack only while webpack writes the loader it was checked against', () => {
    const loader = (body: string) =>
      ['const inProgress = {};', 'const dataWebpackPrefix = "auth:";', '// loadScript function to load a script via script tag', `__webpack_require__.l = ${body};`].join('\n');
    expect(SharedScriptLoaderPlugin.parse(loader('(url, done, key, chunkId) => {\n\tdone();\n}')).problem).toMatch(/is not the one checked/);
    expect(SharedScriptLoaderPlugin.parse('__webpack_require__.l = (url, done) => done();').problem).toMatch(/no longer has the shape/);
  });
});

describe("the container runtime's init the shell hands to the remotes", () => {
  type Instance = { name: string; options: { name: string; id: string; version?: string } };
  type Init = (options: { name: string; version?: string; remotes: []; shared: object }) => Instance;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { initContainerRuntime } = require(path.join(repoRoot, 'webpack-config', 'bundler-runtime', 'container-runtime.js')) as {
    initContainerRuntime: (options: Parameters<Init>[0], buildId: string) => Instance;
  };
  const runtime = require('@module-federation/runtime') as { init: Init };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const options = (name: string, version?: string) => ({ name, ...(version ? { version } : {}), remotes: [] as [], shared: {} });

  it('creates, then finds, the instance that @module-federation/runtime 2.9.2 finds', () => {
    const created = initContainerRuntime(options('budgets-a'), 'budgets-a:1.0.0');
    expect(created.options).toMatchObject({ name: 'budgets-a', id: '' });
    // The runtime's own init (its build id empty, as in this test) finds the same instance by its name, and so does ours.
    expect(runtime.init(options('budgets-a'))).toBe(created);
    expect(initContainerRuntime(options('budgets-a'), 'budgets-a:1.0.0')).toBe(created);
    const fromRuntime = runtime.init(options('budgets-b', '2.0.0'));
    expect(initContainerRuntime(options('budgets-b', '2.0.0'), '')).toBe(fromRuntime);
    expect(initContainerRuntime(options('budgets-b', '3.0.0'), '')).not.toBe(fromRuntime);
  });
});

describe("the shell's semver stub", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const stub = require(path.join(repoRoot, 'webpack-config', 'runtime-stubs', 'semver.js')) as {
    satisfy: (version: string, range: string) => boolean;
  };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const original = require('@module-federation/runtime-core') as typeof stub;
  const versions = ['0.0.3', '0.2.3', '0.3.0', '1.0.0', '1.2.3', '1.2.3-rc.1', '1.2.4', '1.3.0', '2.0.0-beta.1', '2.0.0', '19.3.1', '20.0.0'];
  const ranges = [
    ...['^19.0.0', '^0.2.3', '^0.0.3', '^0', '^1.2', '^1.x', '^1.2.3-rc.1', '~1.2.3', '~1.2', '~1'],
    ...['>=1.2.3', '>1.2.3', '<1.2.3', '<=1.2.3', '=1.2.3', '1.2.3', '1.2', '1.x', '>1.2', '<2', '<=1.2'],
    ...['*', '', '>=1 <2', '1.2.3 - 2.0.0', '1.2 - 1.9', '^0.2.0 || ^1.0.0', '>=2.0.0-alpha', '>= 1.2.3'],
  ];

  it('answers as runtime-core 2.9.2 does for the versions and ranges a federation build writes', () => {
    const differences = versions.flatMap((version) =>
      ranges
        .filter((range) => stub.satisfy(version, range) !== original.satisfy(version, range))
        .map((range) => `${version} ${JSON.stringify(range)}`),
    );
    expect(differences).toEqual([]);
    expect(stub.satisfy('19.3.1', '^19.0.0')).toBe(true);
    expect(stub.satisfy('20.0.0', '^19.0.0')).toBe(false);
  });
});

describe('the bundler runtime the remotes take from the shell', () => {
  const bundlerRuntimeDist = path.join(
    repoRoot,
    'node_modules',
    '@module-federation',
    'webpack-bundler-runtime',
    'dist',
  );

  it('its modules replaced by stubs in the shell fit the installed release, and one that moves or grows fails naming it', () => {
    expect(bundlerRuntimeProblems()).toEqual([]);
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bundler-runtime-'));
    copies.push(path.join(copy, 'dist'));
    fs.copyFileSync(path.join(bundlerRuntimeDist, '..', 'package.json'), path.join(copy, 'package.json'));
    fs.cpSync(bundlerRuntimeDist, path.join(copy, 'dist'), { recursive: true });
    fs.renameSync(path.join(copy, 'dist', 'remotes.js'), path.join(copy, 'dist', 'load-remotes.js'));
    const init = path.join(copy, 'dist', 'init.js');
    fs.writeFileSync(
      init,
      fs.readFileSync(init, 'utf8').replace(/^export \{ init \};$/m, 'export { init, init as initLater };'),
    );
    expect(bundlerRuntimeProblems(path.join(copy, 'dist'))).toEqual([
      expect.stringContaining('@module-federation/webpack-bundler-runtime/dist/remotes.js is gone'),
      '@module-federation/webpack-bundler-runtime/dist/init.js exports initLater, which its stub lacks',
    ]);
  });

  it("writes the runtime's messages as its own copy of getShortErrorMsg, which the shell leaves out, did", () => {
    type ShortErrorMsg = (code: string, descMap: Record<string, string>, args?: object, original?: string) => string;
    /* eslint-disable @typescript-eslint/no-require-imports */
    const copy = require(path.join(bundlerRuntimeDist, 'error-codes', 'dist', 'getShortErrorMsg.cjs')) as { getShortErrorMsg: ShortErrorMsg };
    const original = require('@module-federation/error-codes') as { getShortErrorMsg: ShortErrorMsg };
    /* eslint-enable @typescript-eslint/no-require-imports */
    const descMap = { 'RUNTIME-012': 'The getter for the shared module is not a function.' };
    const cases: [args?: object, original?: string][] = [[], [{ shareKey: 'react' }], [{ shareKey: 'react' }, 'Original']];
    for (const args of cases) {
      expect(copy.getShortErrorMsg('RUNTIME-012', descMap, ...args)).toBe(original.getShortErrorMsg('RUNTIME-012', descMap, ...args));
    }
  });

  it('is the release it was checked against, and another one fails naming it', () => {
    expect(bundlerRuntimeProblems()).toEqual([]);
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bundler-runtime-'));
    copies.push(path.join(copy, 'dist'));
    fs.cpSync(bundlerRuntimeDist, path.join(copy, 'dist'), { recursive: true });
    const manifest = fs.readFileSync(path.join(bundlerRuntimeDist, '..', 'package.json'), 'utf8');
    fs.writeFileSync(path.join(copy, 'package.json'), manifest.replace('"version": "2.9.2"', '"version": "2.10.0"'));
    expect(bundlerRuntimeProblems(path.join(copy, 'dist'))).toEqual([
      expect.stringContaining('@module-federation/webpack-bundler-runtime is 2.10.0'),
    ]);
  });

  it("is in the shell's main.js, and no remote entry carries a copy of its own", () => {
    const main = shellStartupScripts().find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file));
    // A message inlined in webpack-bundler-runtime's consumes.js.
    const marker = 'The getter for the shared module is not a function';
    const shell = fs.readFileSync(path.join(distOf('shell'), main!), 'utf8');
    expect({ provided: shell.includes('_PORTAL_FEDERATION_BUNDLER_RUNTIME'), own: shell.includes(marker) }).toEqual({
      provided: true,
      own: true,
    });
    // Its copy of error-codes' getShortErrorMsg: the shell's runtime has the original.
    expect(shell.split('View the docs to see how to solve').length - 1).toBe(1);
    for (const left of [
      'Container missing', // remotes.js
      'tree-shake-plugin', // init.js
      'No fallback item found', // getSharedFallbackGetter.js
    ]) {
      expect({ left, found: shell.includes(left) }).toEqual({ left, found: false });
    }
    for (const remote of Object.keys(remotes) as Remote[]) {
      const entry = fs.readFileSync(path.join(distOf(remotes[remote]), 'remoteEntry.js'), 'utf8');
      expect({
        remote,
        fromShell: entry.includes('_PORTAL_FEDERATION_BUNDLER_RUNTIME'),
        own: entry.includes(marker),
      }).toEqual({
        remote,
        fromShell: true,
        own: false,
      });
    }
  });
});
