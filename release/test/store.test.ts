import fs from 'node:fs';
import path from 'node:path';
import {
  ReleaseError,
  addRelease,
  contentId,
  listReleases,
  promote,
  promoteTogether,
  readLive,
  readRelease,
  releaseRoots,
  rollback,
} from '../src';
import { FEDERATION_RUNTIME } from 'webpack-config/contract';
import { shared, storeFixture } from './support/store-fixture';

const { state, fakeBuild } = storeFixture();
let storeDir: string;
beforeEach(() => {
  storeDir = state.storeDir;
});

/** Every file below the store with its bytes: what a dry run must leave alone. */
function snapshot(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(dir, file);
    if (fs.statSync(full).isFile()) out[file] = fs.readFileSync(full, 'utf8');
  }
  return out;
}

const live = (app: 'kits' | 'shell') => readLive(app, storeDir).live;

test('releasing the same build output twice gives one release, under the same id', () => {
  const first = addRelease('kits', fakeBuild('kits', 'v1'), { storeDir });
  const second = addRelease('mfe-kits', fakeBuild('kits', 'v1', { builtAt: new Date(Date.UTC(2026, 1, 1)) }), { storeDir });

  expect(first.created).toBe(true);
  expect(second).toMatchObject({ created: false, manifest: { id: first.manifest.id } });
  expect(listReleases('kits', storeDir).map((m) => m.id)).toEqual([first.manifest.id]);
});

test('a release holds the complete build, described by its own files, and is not live until promoted', () => {
  const dist = fakeBuild('kits', 'v1', { builtAt: new Date('2026-03-04T05:06:07.000Z') });
  const { manifest } = addRelease('kits', dist, { storeDir });
  const dir = path.join(storeDir, 'kits', 'releases', manifest.id);

  expect(snapshot(dir)).toEqual(snapshot(dist));
  expect(readRelease('kits', manifest.id, storeDir)).toEqual({
    id: manifest.id,
    app: 'kits',
    builtAt: '2026-03-04T05:06:07.000Z',
    entry: `remoteEntry.${Buffer.from('v1').toString('hex')}.js`,
    shared: shared(),
    requires: { react: '^19.2.0', zustand: '^5.0.8', 'shared-api': '^1.0.0' },
  });
  expect(contentId(dir)).toBe(manifest.id);
  expect(releaseRoots('kits', storeDir)).toEqual([]);
});

test('promote puts a release first in releaseRoots, and rollback puts the previous one back', () => {
  const v1 = addRelease('kits', fakeBuild('kits', 'v1'), { storeDir }).manifest.id;
  const v2 = addRelease('kits', fakeBuild('kits', 'v2'), { storeDir }).manifest.id;
  const dirOf = (id: string) => path.join(storeDir, 'kits', 'releases', id);

  promote('kits', v1, { storeDir });
  expect(releaseRoots('kits', storeDir)).toEqual([dirOf(v1), dirOf(v2)]);

  expect(promote('kits', undefined, { storeDir })).toMatchObject({ id: v2, previous: v1, changed: true });
  expect(releaseRoots('kits', storeDir)).toEqual([dirOf(v2), dirOf(v1)]);

  expect(rollback('kits', { storeDir })).toMatchObject({ id: v1, previous: v2 });
  expect(releaseRoots('kits', storeDir)).toEqual([dirOf(v1), dirOf(v2)]);
  expect(readLive('kits', storeDir).history.map((step) => [step.id, step.action])).toEqual([
    [v1, 'promote'],
    [v2, 'promote'],
    [v1, 'rollback'],
  ]);
  // v1 was the first live release: there is nothing before it.
  expect(() => rollback('kits', { storeDir })).toThrow(ReleaseError);
  expect(live('kits')).toBe(v1);
});

test('two rollbacks go back two releases', () => {
  const ids = ['a', 'b', 'c'].map((code) => addRelease('kits', fakeBuild('kits', code), { storeDir }).manifest.id);
  for (const id of ids) promote('kits', id, { storeDir });

  rollback('kits', { storeDir });
  expect(live('kits')).toBe(ids[1]);
  rollback('kits', { storeDir });
  expect(live('kits')).toBe(ids[0]);
});

test('retention keeps the newest five releases and never removes the live one', () => {
  const first = addRelease('kits', fakeBuild('kits', 'r0'), { storeDir }).manifest.id;
  promote('kits', first, { storeDir });
  const removed: string[] = [];
  const ids = [first];
  for (let i = 1; i <= 7; i += 1) {
    const result = addRelease('kits', fakeBuild('kits', `r${i}`), { storeDir });
    ids.push(result.manifest.id);
    removed.push(...result.removed);
  }

  const kept = listReleases('kits', storeDir).map((m) => m.id);
  expect(kept).toEqual([...ids.slice(3).reverse(), first]);
  expect(removed.sort()).toEqual(ids.slice(1, 3).sort());
  expect(releaseRoots('kits', storeDir)[0]).toBe(path.join(storeDir, 'kits', 'releases', first));
});

test('a retention of 2 is honoured', () => {
  for (const code of ['a', 'b', 'c']) addRelease('kits', fakeBuild('kits', code), { storeDir, keep: 2 });
  expect(listReleases('kits', storeDir)).toHaveLength(2);
});

test('--dry-run changes nothing in the store', () => {
  const old = addRelease('kits', fakeBuild('kits', 'never-live'), { storeDir }).manifest.id;
  const v1 = addRelease('kits', fakeBuild('kits', 'v1'), { storeDir }).manifest.id;
  const v2 = addRelease('kits', fakeBuild('kits', 'v2'), { storeDir }).manifest.id;
  promote('kits', v1, { storeDir });
  promote('kits', v2, { storeDir });
  const before = snapshot(storeDir);

  const dry = { storeDir, dryRun: true, keep: 1 };
  // The live release and the one before it stay whatever the retention: only the release never live goes.
  expect(addRelease('kits', fakeBuild('kits', 'v3'), dry)).toMatchObject({ created: true, removed: [old] });
  expect(promote('kits', v1, dry)).toMatchObject({ id: v1, changed: true });
  expect(rollback('kits', dry)).toMatchObject({ id: v1, changed: true });
  expect(promoteTogether({ kits: v1 }, dry).promoted).toHaveLength(1);

  expect(snapshot(storeDir)).toEqual(before);
});

test('a promotion rewrites live.json whole: no temporary file is left beside it or the history', () => {
  const id = addRelease('kits', fakeBuild('kits', 'v1'), { storeDir }).manifest.id;
  promote('kits', id, { storeDir });
  expect(fs.readdirSync(path.join(storeDir, 'kits')).sort()).toEqual(['history.jsonl', 'live.json', 'releases']);
  expect(fs.readdirSync(storeDir).sort()).toEqual(['kits']);
});

describe('version contract', () => {
  function liveShell(versions: Record<string, string>) {
    const id = addRelease('shell', fakeBuild('shell', `shell-${JSON.stringify(versions)}`, { versions }), { storeDir }).manifest.id;
    promote('shell', id, { storeDir });
    return id;
  }

  test.each([
    ['zustand', '4.5.7', '5.1.0', /zustand: kits \(release \w+\) is built with 4\.5\.7 and needs \^4\.5\.7, but the live shell \(release \w+\) provides 5\.1\.0\. Fix: build mfe-kits with the shell's zustand/],
    ['shared-api', '1.1.0', '1.0.0', /shared-api: kits .* is built with 1\.1\.0 and needs \^1\.1\.0, but the live shell .* provides 1\.0\.0\. Fix: release and promote a shell built with shared-api \^1\.1\.0 first/],
  ])('a remote built with %s %s is refused under a shell providing %s, and the live release stays', (lib, built, provided, message) => {
    liveShell(shared({ [lib]: provided }));
    const good = addRelease('kits', fakeBuild('kits', 'good', { versions: shared({ [lib]: provided }) }), { storeDir }).manifest.id;
    promote('kits', good, { storeDir });
    const bad = addRelease('kits', fakeBuild('kits', 'bad', { versions: shared({ [lib]: built }) }), { storeDir }).manifest.id;

    expect(() => promote('kits', bad, { storeDir })).toThrow(message);
    expect(live('kits')).toBe(good);
    expect(promoteTogether({ kits: bad }, { storeDir }).refused).toHaveLength(1);
    expect(live('kits')).toBe(good);
  });

  test('a shell that would break a live remote is refused', () => {
    const oldShell = liveShell(shared({ 'shared-api': '1.1.0' }));
    const kits = addRelease('kits', fakeBuild('kits', 'k', { versions: shared({ 'shared-api': '1.1.0' }) }), { storeDir }).manifest.id;
    promote('kits', kits, { storeDir });
    const newShell = addRelease('shell', fakeBuild('shell', 'old-api', { versions: shared({ 'shared-api': '1.0.0' }) }), { storeDir }).manifest.id;

    expect(() => promote('shell', newShell, { storeDir })).toThrow(/shared-api: kits .* needs \^1\.1\.0, but the live shell \(release \w+\) provides 1\.0\.0/);
    expect(live('shell')).toBe(oldShell);
  });

  /** A build's contract on one MF release: a remote runs on the shell's runtime core, so it requires that very release. */
  const onRuntime = (app: string, version: string, versions: Record<string, string> = {}) => {
    const dir = fakeBuild(app, `${app}-${version}`, { versions: shared({ ...versions, [FEDERATION_RUNTIME]: version }) });
    const file = path.join(dir, 'release-contract.json');
    const contract = JSON.parse(fs.readFileSync(file, 'utf8')) as { requires: Record<string, string> };
    if (app !== 'shell') contract.requires[FEDERATION_RUNTIME] = version;
    fs.writeFileSync(file, JSON.stringify(contract));
    return dir;
  };

  test('a shell promoted on MF 2.9.3 while the live remotes run on 2.9.2 is refused, naming the fix', () => {
    const shell = addRelease('shell', onRuntime('shell', '2.9.2'), { storeDir }).manifest.id;
    promote('shell', shell, { storeDir });
    const kits = addRelease('kits', onRuntime('kits', '2.9.2'), { storeDir }).manifest.id;
    promote('kits', kits, { storeDir });
    const newShell = addRelease('shell', onRuntime('shell', '2.9.3'), { storeDir }).manifest.id;

    expect(() => promote('shell', newShell, { storeDir })).toThrow(
      /@module-federation\/runtime-core: kits .* is built with 2\.9\.2 and needs 2\.9\.2, but the live shell \(release \w+\) provides 2\.9\.3\. Fix: build the shell and mfe-kits with one @module-federation\/enhanced \(2\.9\.3/,
    );
    expect(live('shell')).toBe(shell);
    // Built on one release and moved together, they go live.
    const kits3 = addRelease('kits', onRuntime('kits', '2.9.3'), { storeDir }).manifest.id;
    expect(promoteTogether({ shell: newShell, kits: kits3 }, { storeDir }).refused).toEqual([]);
    expect([live('shell'), live('kits')]).toEqual([newShell, kits3]);
  });

  test('a remote built on another MF release than the live shell is refused', () => {
    const shell = addRelease('shell', onRuntime('shell', '2.9.3'), { storeDir }).manifest.id;
    promote('shell', shell, { storeDir });
    const kits = addRelease('kits', onRuntime('kits', '2.9.2'), { storeDir }).manifest.id;

    expect(() => promote('kits', kits, { storeDir })).toThrow(/runtime-core: kits .* needs 2\.9\.2, but the live shell .* provides 2\.9\.3/);
    expect(live('kits')).not.toBe(kits);
  });

  test('a shell and remotes moving to a new major together are promoted together', () => {
    liveShell(shared());
    const kits4 = addRelease('kits', fakeBuild('kits', 'k5', { versions: shared() }), { storeDir }).manifest.id;
    promote('kits', kits4, { storeDir });
    const shell6 = addRelease('shell', fakeBuild('shell', 's6', { versions: shared({ zustand: '6.0.0' }) }), { storeDir }).manifest.id;
    const kits6 = addRelease('kits', fakeBuild('kits', 'k6', { versions: shared({ zustand: '6.0.0' }) }), { storeDir }).manifest.id;

    expect(() => promote('shell', shell6, { storeDir })).toThrow(ReleaseError);
    const { refused } = promoteTogether({ shell: shell6, kits: kits6 }, { storeDir });

    expect(refused).toEqual([]);
    expect([live('shell'), live('kits')]).toEqual([shell6, kits6]);
  });
});
