import fs from 'node:fs';
import path from 'node:path';
import { addRelease, listReleases, promote, readLive, releaseBuilds, releaseRoots, rollback } from '../src';
import { shared, storeFixture } from './support/store-fixture';

const { state, fakeBuild, runCli } = storeFixture();
const opts = () => ({ storeDir: state.storeDir });
const release = (app: string, code: string, extra: Parameters<typeof fakeBuild>[2] = {}) =>
  addRelease(app, fakeBuild(app, code, extra), opts()).manifest.id;
const live = (app: 'kits' | 'shell') => readLive(app, state.storeDir).live;
const dirOf = (id: string) => path.join(state.storeDir, 'kits', 'releases', id);

/** `npm start` / `npm run serve` after a restart, with `dists` as the apps' current build output. */
function restart(dists: Record<string, string>) {
  const log: string[] = [];
  const result = releaseBuilds({
    ...opts(),
    log: (message) => log.push(message),
    distOf: (app) => dists[app] ?? path.join(state.tmp, 'no-build', app),
  });
  return { ...result, log };
}

describe('a rollback stays rolled back', () => {
  test('a restart (sync) does not promote again the build that was rolled back, and says why', () => {
    const good = release('kits', 'good');
    promote('kits', good, opts());
    const badDist = fakeBuild('kits', 'bad');
    const bad = addRelease('kits', badDist, opts()).manifest.id;
    promote('kits', bad, opts());
    rollback('kits', opts());
    const { promoted, log } = restart({ kits: badDist });

    expect(promoted).toEqual([]);
    expect(live('kits')).toBe(good);
    expect(log).toContainEqual(expect.stringContaining(`kits: build ${bad} was rolled back after it went live`));
    expect(log).toContainEqual(expect.stringContaining(`npm run promote -w mfe-kits -- ${bad}`));
  });

  test('a restart promotes a new build, and leaves the shell where it is when only an area is new', () => {
    const shell = release('shell', 'shell-1');
    promote('shell', shell, opts());
    const kits = release('kits', 'k1');
    promote('kits', kits, opts());

    const { promoted } = restart({ kits: fakeBuild('kits', 'k2') });

    expect(promoted.map((p) => p.app)).toEqual(['kits']);
    expect(live('shell')).toBe(shell);
  });

  test('promote without an id takes the newest release never rolled back, and says which it passed over', () => {
    const v1 = release('kits', 'v1');
    const v2 = release('kits', 'v2');
    promote('kits', v1, opts());
    promote('kits', v2, opts());
    rollback('kits', opts());

    expect(promote('kits', undefined, opts())).toEqual({ app: 'kits', id: v1, previous: v1, changed: false, passedOver: [v2] });
    expect(live('kits')).toBe(v1);

    const v3 = release('kits', 'v3');
    expect(promote('kits', undefined, opts())).toMatchObject({ id: v3, changed: true, passedOver: [] });
    // By its id, a rolled-back release can still go live on purpose.
    expect(promote('kits', v2, opts())).toMatchObject({ id: v2, changed: true });
  });

  test('the history keeps every step, and live.json names the last one', () => {
    const [a, b] = [release('kits', 'a'), release('kits', 'b')];
    promote('kits', a, opts());
    promote('kits', b, opts());
    rollback('kits', opts());

    const lines = fs.readFileSync(path.join(state.storeDir, 'kits', 'history.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line)).map((s: { id: string; action: string }) => [s.id, s.action])).toEqual([
      [a, 'promote'],
      [b, 'promote'],
      [a, 'rollback'],
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(state.storeDir, 'kits', 'live.json'), 'utf8'))).toMatchObject({ live: a });
  });
});

describe('retention', () => {
  test('five new releases after a promotion keep the previous live release, and rollback reaches it', () => {
    const before = release('kits', 'before');
    const current = release('kits', 'current');
    promote('kits', before, opts());
    promote('kits', current, opts());

    for (let i = 0; i < 5; i += 1) release('kits', `candidate-${i}`);

    expect(listReleases('kits', state.storeDir).map((m) => m.id)).toEqual(expect.arrayContaining([before, current]));
    expect(rollback('kits', opts())).toMatchObject({ id: before, changed: true });
  });

  test('every release of the last N promotions stays', () => {
    const ids = ['a', 'b', 'c'].map((code) => release('kits', code));
    for (const id of ids) promote('kits', id, opts());
    const keep = 3;
    for (let i = 0; i < 6; i += 1) addRelease('kits', fakeBuild('kits', `n${i}`), { ...opts(), keep });

    expect(listReleases('kits', state.storeDir).map((m) => m.id)).toEqual(expect.arrayContaining(ids));
  });

  test('refused releases take no slot: only the newest of them stays', () => {
    const shell = release('shell', 'shell-5', { versions: shared() });
    promote('shell', shell, opts());
    const good = release('kits', 'good');
    promote('kits', good, opts());
    const waiting = release('kits', 'waiting');
    const refused = [1, 2, 3].map((n) => {
      const id = addRelease('kits', fakeBuild('kits', `zustand-6-${n}`, { versions: shared({ zustand: '6.0.0' }) }), { ...opts(), keep: 2 }).manifest.id;
      expect(() => promote('kits', id, opts())).toThrow(/Refused/);
      return id;
    });
    addRelease('kits', fakeBuild('kits', 'zustand-6-4', { versions: shared({ zustand: '6.0.0' }) }), { ...opts(), keep: 2 });

    const kept = listReleases('kits', state.storeDir).map((m) => m.id);
    expect(kept).toEqual(expect.arrayContaining([good, waiting]));
    expect(kept).not.toEqual(expect.arrayContaining([refused[0]]));
    expect(kept).not.toEqual(expect.arrayContaining([refused[1]]));
  });
});

describe('a damaged store is loud and safe', () => {
  test('a truncated live.json: the live release is still served, from the history, and the next command rewrites it', () => {
    const [a, b] = [release('kits', 'a'), release('kits', 'b')];
    promote('kits', a, opts());
    promote('kits', b, opts());
    const pointer = path.join(state.storeDir, 'kits', 'live.json');
    fs.writeFileSync(pointer, fs.readFileSync(pointer, 'utf8').slice(0, 20));

    expect(releaseRoots('kits', state.storeDir)[0]).toBe(dirOf(b));
    const { log } = restart({});
    expect(log).toContainEqual(`kits: ${pointer} did not say what ${path.join(state.storeDir, 'kits', 'history.jsonl')} says (damaged or stale): ${b} stays live, and it was rewritten.`);
    expect(JSON.parse(fs.readFileSync(pointer, 'utf8'))).toMatchObject({ live: b });
    expect(rollback('kits', opts())).toMatchObject({ id: a });
  });

  test('a live.json with no history to back it: nothing is served or promoted by guess, and the error says the fix', () => {
    const a = release('kits', 'a');
    promote('kits', a, opts());
    fs.rmSync(path.join(state.storeDir, 'kits', 'history.jsonl'));
    fs.writeFileSync(path.join(state.storeDir, 'kits', 'live.json'), '{"app": "kits", "li');
    const fix = /kits: .*live\.json is damaged or stale: no line of .*history\.jsonl says which release is live, so nothing was changed: promote the release customers should get with `npm run promote -w mfe-kits -- <id>`/;

    // The server keeps what it served (portal-server: the roots of a failing call stay), never the unreleased dist.
    expect(() => releaseRoots('kits', state.storeDir)).toThrow(fix);
    // A restart does not promote the build in dist either.
    expect(restart({ kits: fakeBuild('kits', 'b') }).log).toContainEqual(expect.stringMatching(fix));
    expect(() => promote('kits', undefined, opts())).toThrow(fix);
    // The fix works: a promotion by id starts the history again.
    promote('kits', a, opts());
    expect(releaseRoots('kits', state.storeDir)[0]).toBe(dirOf(a));
  });

  test('a line of the history cut short is skipped and reported, and the next step starts on a line of its own', () => {
    const [a, b, c] = [release('kits', 'a'), release('kits', 'b'), release('kits', 'c')];
    promote('kits', a, opts());
    promote('kits', b, opts());
    const history = path.join(state.storeDir, 'kits', 'history.jsonl');
    fs.writeFileSync(history, fs.readFileSync(history, 'utf8').slice(0, -15));

    expect(live('kits')).toBe(a);
    expect(restart({}).log).toContainEqual(expect.stringMatching(/kits: line 2 of .*history\.jsonl is damaged \(cut short\) and is skipped/));
    promote('kits', c, opts());
    expect(readLive('kits', state.storeDir).history.map((s) => s.id)).toEqual([a, c]);
  });

  test("a release whose release-contract.json is damaged: still served while live, reported, and never checked by guess", () => {
    const shell = release('shell', 'shell');
    promote('shell', shell, opts());
    const kits = release('kits', 'k');
    promote('kits', kits, opts());
    fs.writeFileSync(path.join(state.storeDir, 'shell', 'releases', shell, 'release-contract.json'), '{');
    const fix = `shell: release ${shell} has no readable release-contract.json, so it cannot be checked: remove ${path.join(state.storeDir, 'shell', 'releases', shell)} and release the build again.`;

    expect(releaseRoots('shell', state.storeDir)[0]).toBe(path.join(state.storeDir, 'shell', 'releases', shell));
    expect(restart({}).log).toContainEqual(fix);
    // A kits promotion cannot be checked against that shell: refused, naming the fix.
    expect(() => promote('kits', release('kits', 'k2'), opts())).toThrow(fix);
    expect(live('kits')).toBe(kits);
  });
});

describe('messages', () => {
  test('a remote a major ahead of the live shell is told the one command that ships them together', () => {
    const shell = release('shell', 'shell-5');
    promote('shell', shell, opts());
    const kits = release('kits', 'k6', { versions: shared({ zustand: '6.0.0' }) });

    expect(() => promote('kits', kits, opts())).toThrow(
      /zustand: kits .* is built with 6\.0\.0 and needs \^6\.0\.0, but the live shell .* provides 5\.0\.8\. Fix: a new major of zustand goes live in the shell and every area at once: `npx tsx release\/src\/cli\.ts sync --build`/,
    );
  });

  test('a shell a major ahead of a live remote is told the same command', () => {
    promote('shell', release('shell', 'shell-5'), opts());
    promote('kits', release('kits', 'k5'), opts());
    const shell6 = release('shell', 'shell-6', { versions: shared({ zustand: '6.0.0' }) });

    expect(() => promote('shell', shell6, opts())).toThrow(/zustand: kits .* needs \^5\.0\.8.* Fix: a new major of zustand goes live in the shell and every area at once: `npx tsx release\/src\/cli\.ts sync --build`/);
  });
});

describe('the command line', () => {
  jest.setTimeout(60_000);

  test('sync prints why it refuses a build, with the fix, and fails', () => {
    promote('shell', release('shell', 'shell-5'), opts());
    const from = path.join(state.tmp, 'checkout');
    fakeBuild('kits', 'k6', { versions: shared({ zustand: '6.0.0' }), dir: path.join(from, 'mfe-kits', 'dist') });

    const { status, err } = runCli(['sync', '--from', from]);

    expect(status).toBe(1);
    expect(err).toMatch(/Refused: kits release \w+ stays unpromoted\.\n {2}zustand: kits .* Fix: a new major of zustand goes live in the shell and every area at once: `npx tsx release\/src\/cli\.ts sync --build`/);
    expect(live('kits')).toBeNull();
  });

  test('promote without an id says which release it chose and which rolled-back ones it passed over', () => {
    const [a, b] = [release('kits', 'a'), release('kits', 'b')];
    promote('kits', a, opts());
    promote('kits', b, opts());
    rollback('kits', opts());
    const c = release('kits', 'c');

    const { status, out } = runCli(['promote', '--app', 'kits']);

    expect(status).toBe(0);
    expect(out).toContain(`kits: promoted ${c}, the newest release never rolled back (was ${a});`);
    expect(runCli(['releases', '--app', 'kits']).out).toMatch(new RegExp(`rolled back\\s+${b}`));
  });

  test('a damaged live.json is reported in one sentence and rewritten; nothing else is printed to stderr', () => {
    const a = release('kits', 'a');
    promote('kits', a, opts());
    fs.writeFileSync(path.join(state.storeDir, 'kits', 'live.json'), '{"li');

    const { status, err } = runCli(['releases', '--app', 'kits']);

    expect(status).toBe(0);
    expect(err.trim().split('\n')).toEqual([expect.stringMatching(/^kits: .*live\.json did not say what .*history\.jsonl says \(damaged or stale\): \w+ stays live, and it was rewritten\.$/)]);
    expect(readLive('kits', state.storeDir).live).toBe(a);
    expect(runCli(['releases', '--app', 'kits']).err).toBe('');
  });

  test('a lost history: the commands refuse with the fix, and the fix, a promotion by id, works', () => {
    const a = release('kits', 'a');
    promote('kits', a, opts());
    fs.rmSync(path.join(state.storeDir, 'kits', 'history.jsonl'));

    const refused = runCli(['rollback', '--app', 'kits']);
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(/^kits: .*live\.json is damaged or stale: no line of .*history\.jsonl says which release is live, so nothing was changed: promote the release customers should get with `npm run promote -w mfe-kits -- <id>`/);
    expect(runCli(['promote', '--app', 'kits', a]).out).toContain(`kits: promoted ${a} (was none)`);
    expect(live('kits')).toBe(a);
  });
});
