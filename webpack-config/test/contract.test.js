const { describe, expect, test } = require('@jest/globals');
const path = require('path');
const { FEDERATION_RUNTIME, contractProblems, requiredRanges, sharedVersions } = require('../contract');
const { sharedLibraries } = require('..');

const root = path.resolve(__dirname, '..', '..');
const installed = (pkg) => require(path.join(root, 'node_modules', pkg, 'package.json')).version;

/** A release manifest as the store keeps it: what the app was built with and what it requires of the shell. */
function manifest(app, shared, { externalRuntime = app !== 'shell' } = {}) {
  return { app, id: `${app}-1`, shared, requires: requiredRanges(shared, { externalRuntime }) };
}

const libraries = { react: '19.2.0', zustand: '5.0.8', 'shared-api': '2.0.0', 'shared-ui': '1.0.0' };

describe('the release contract reads what is installed', () => {
  test('an app records the federation runtime it is built with, not a hand-kept number', () => {
    const versions = sharedVersions(path.join(root, 'mfe-kits'));
    expect(versions[FEDERATION_RUNTIME]).toBe(installed('@module-federation/runtime-core'));
    expect(versions['shared-api']).toBe(require(path.join(root, 'shared-api', 'package.json')).version);
  });

  test('every shared library asks the runtime for the range its app declares, never no range at all', () => {
    const kits = require(path.join(root, 'mfe-kits', 'package.json'));
    for (const consumeOnly of [false, true]) {
      const shared = sharedLibraries(path.join(root, 'mfe-kits'), { consumeOnly });
      expect(Object.values(shared).filter((config) => typeof config.requiredVersion !== 'string')).toEqual([]);
      expect(shared.react.requiredVersion).toBe(kits.dependencies.react);
      // A workspace package pinned at its version accepts the later minors of that major.
      expect(shared['shared-api'].requiredVersion).toBe(`^${kits.dependencies['shared-api']}`);
    }
  });
});

describe('a remote the live shell cannot run is refused, with the fix named', () => {
  test('a shell on MF 2.9.3 refuses a remote built on 2.9.2 that runs on its runtime, and the other way round', () => {
    const shell = manifest('shell', { ...libraries, [FEDERATION_RUNTIME]: '2.9.3' });
    const kits = manifest('kits', { ...libraries, [FEDERATION_RUNTIME]: '2.9.2' });

    expect(contractProblems(shell, kits)).toEqual([
      '@module-federation/runtime-core: kits (release kits-1) is built with 2.9.2 and needs 2.9.2, but the live shell (release shell-1) provides 2.9.3. ' +
        'Fix: build the shell and mfe-kits with one @module-federation/enhanced (2.9.3: "@module-federation/enhanced": "^2.9.3" in the root package.json, npm install), ' +
        'release both and promote them together (release sync, or npm start).',
    ]);
    const olderShell = manifest('shell', { ...libraries, [FEDERATION_RUNTIME]: '2.9.2' });
    const newerKits = manifest('kits', { ...libraries, [FEDERATION_RUNTIME]: '2.9.3' });
    expect(contractProblems(olderShell, newerKits)).toEqual([expect.stringContaining('provides 2.9.2. Fix: build the shell and mfe-kits with one @module-federation/enhanced (2.9.3')]);
  });

  test('the same MF release on both sides passes; a remote with a runtime of its own needs only the same major', () => {
    const shell = manifest('shell', { ...libraries, [FEDERATION_RUNTIME]: '2.9.3' });
    expect(contractProblems(shell, manifest('kits', { ...libraries, [FEDERATION_RUNTIME]: '2.9.3' }))).toEqual([]);
    const ownRuntime = manifest('kits', { ...libraries, [FEDERATION_RUNTIME]: '2.9.2' }, { externalRuntime: false });
    expect(contractProblems(shell, ownRuntime)).toEqual([]);
    expect(contractProblems(manifest('shell', { ...libraries, [FEDERATION_RUNTIME]: '3.0.0' }), ownRuntime)).toEqual([
      expect.stringContaining('needs ^2.0.0, but the live shell (release shell-1) provides 3.0.0'),
    ]);
  });

  test('a shell built before the contract named its runtime cannot host a remote that runs on it', () => {
    const shell = manifest('shell', libraries);
    const kits = manifest('kits', { ...libraries, [FEDERATION_RUNTIME]: '2.9.3' });
    expect(contractProblems(shell, kits)).toEqual([expect.stringContaining('provides none. Fix: build the shell and mfe-kits with one @module-federation/enhanced (2.9.3')]);
  });

  test('a remote built against a newer shared-api minor than the live shell offers is refused: ship the shell first', () => {
    const runtime = { [FEDERATION_RUNTIME]: '2.9.3' };
    const shell = manifest('shell', { ...libraries, ...runtime });
    const kits = manifest('kits', { ...libraries, ...runtime, 'shared-api': '2.1.0' });

    expect(contractProblems(shell, kits)).toEqual([
      'shared-api: kits (release kits-1) is built with 2.1.0 and needs ^2.1.0, but the live shell (release shell-1) provides 2.0.0. ' +
        'Fix: release and promote a shell built with shared-api ^2.1.0 first (npm run release -w shell, npm run promote -w shell), then this kits release.',
    ]);
    // The shell moving ahead of the area is fine: a later minor only adds.
    expect(contractProblems(manifest('shell', { ...libraries, ...runtime, 'shared-api': '2.2.0' }), kits)).toEqual([]);
  });
});

describe('a remote that imports a shared-api or shared-ui name the live shell lacks is refused, whatever the versions say', () => {
  const runtime = { [FEDERATION_RUNTIME]: '2.9.3' };
  const shell = {
    ...manifest('shell', { ...libraries, ...runtime }),
    exports: { 'shared-api': ['getRuntimeConfig', 'http', 'sessionStore'], 'shared-ui': ['Button', 'Card'] },
  };

  test('a new shared-api export used on kits\' Home with no version bump is refused, naming the name and the fix', () => {
    const kits = { ...manifest('kits', { ...libraries, ...runtime }), imports: { 'shared-api': ['http', 'useKitSummary'], 'shared-ui': ['Button'] } };

    expect(contractProblems(shell, kits)).toEqual([
      'shared-api: kits (release kits-1) imports useKitSummary, which the live shell (release shell-1) does not provide (shared-api 2.0.0). ' +
        'Fix: add a minor changeset for shared-api (npx changeset), release and promote a shell built with it first (npm run release -w shell, npm run promote -w shell), then this kits release.',
    ]);
  });

  test('names the shell provides pass; an area-only entry the shell never provides, or a shell from before the record, is not judged', () => {
    const kits = {
      ...manifest('kits', { ...libraries, ...runtime }),
      imports: { 'shared-api': ['http', 'sessionStore'], 'shared-ui': ['Card'], 'shared-api/data': ['useWallet'] },
    };
    expect(contractProblems(shell, kits)).toEqual([]);
    const older = { ...shell, exports: undefined };
    expect(contractProblems(older, { ...kits, imports: { 'shared-api': ['anything'] } })).toEqual([]);
  });
});
