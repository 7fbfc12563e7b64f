import fs from 'node:fs';
import path from 'node:path';
import { addRelease, canaryEntry, endCanary, listReleases, promote, readLive, releaseBuilds, startCanary } from '../src';
import { DEFAULT_WATCH, boundaries, logLikelihoodRatio, verdict, type ReleaseHealth } from '../src/health';
import { shared, storeFixture } from './support/store-fixture';

const { state, fakeBuild, runCli } = storeFixture();
const opts = () => ({ storeDir: state.storeDir });
const release = (app: string, code: string, extra: Parameters<typeof fakeBuild>[2] = {}) =>
  addRelease(app, fakeBuild(app, code, extra), opts()).manifest.id;
const historyLines = (app: string) =>
  fs
    .readFileSync(path.join(state.storeDir, app, 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: string; action: string; percent?: number; reason?: string });

const health = (release: string, customers: number, errorCustomers: number): ReleaseHealth => ({
  release,
  customers,
  error_customers: errorCustomers,
  errors: errorCustomers,
  p75_lcp: null,
  p75_inp: null,
  p75_cls: null,
});

describe('a canary', () => {
  test('goes to a share of browsers beside the live release, which stays live, and is in the history and the pointer', () => {
    const live = release('kits', 'v1');
    promote('kits', live, opts());
    const next = release('kits', 'v2');

    expect(startCanary('kits', undefined, 10, opts())).toEqual({ app: 'kits', id: next, percent: 10, live });

    const doc = readLive('kits', state.storeDir);
    expect(doc.live).toBe(live);
    expect(doc.canary).toEqual({ id: next, percent: 10, at: expect.any(String) });
    expect(historyLines('kits').at(-1)).toEqual({ id: next, at: expect.any(String), action: 'canary', percent: 10 });
    // The pointer names it for readers of one document; its history stays promotions only.
    const pointer = JSON.parse(fs.readFileSync(path.join(state.storeDir, 'kits', 'live.json'), 'utf8'));
    expect(pointer).toMatchObject({ live, canary: { id: next, percent: 10 } });
    expect(pointer.history.map((step: { action: string }) => step.action)).toEqual(['promote']);
    // What the shell's server writes into the page: the canary's versioned entry.
    expect(canaryEntry('kits', state.storeDir)).toEqual({ id: next, percent: 10, entry: expect.stringMatching(/^remoteEntry\.\w+\.js$/) });
  });

  test('rolled back by the watch counts as rolled back: promote without an id, a restart and retention leave it off', () => {
    const live = release('kits', 'v1');
    promote('kits', live, opts());
    const badDist = fakeBuild('kits', 'bad');
    const bad = addRelease('kits', badDist, opts()).manifest.id;
    startCanary('kits', bad, 10, opts());

    endCanary('kits', bad, 'rollback', 'error rate significantly above the live release', opts());

    const doc = readLive('kits', state.storeDir);
    expect(doc.live).toBe(live);
    expect(doc.canary).toBeNull();
    expect(doc.rolledBack).toEqual([bad]);
    expect(canaryEntry('kits', state.storeDir)).toBeNull();
    expect(historyLines('kits').map((s) => s.action)).toEqual(['promote', 'canary', 'canary-rolled-back']);
    expect(historyLines('kits').at(-1)?.reason).toBe('error rate significantly above the live release');
    expect(promote('kits', undefined, opts())).toMatchObject({ id: live, changed: false, passedOver: [bad] });
    const log: string[] = [];
    const { promoted } = releaseBuilds({ ...opts(), log: (m) => log.push(m), distOf: (app) => (app === 'kits' ? badDist : path.join(state.tmp, 'none')) });
    expect(promoted).toEqual([]);
    expect(log).toContainEqual(expect.stringContaining(`kits: build ${bad} was rolled back after it went out as a canary`));
  });

  test('promoted by the watch becomes live for everyone and ends the canary', () => {
    const live = release('kits', 'v1');
    promote('kits', live, opts());
    const next = release('kits', 'v2');
    startCanary('kits', next, 25, opts());

    endCanary('kits', next, 'promote', 'clean', opts());

    expect(readLive('kits', state.storeDir)).toMatchObject({ live: next, canary: null });
    expect(historyLines('kits').map((s) => s.action)).toEqual(['promote', 'canary', 'promote']);
  });

  test('a restart does not promote the build under canary to everyone', () => {
    promote('kits', release('kits', 'v1'), opts());
    const dist = fakeBuild('kits', 'v2');
    const next = addRelease('kits', dist, opts()).manifest.id;
    startCanary('kits', next, 10, opts());

    const log: string[] = [];
    const { promoted } = releaseBuilds({ ...opts(), log: (m) => log.push(m), distOf: (app) => (app === 'kits' ? dist : path.join(state.tmp, 'none')) });

    expect(promoted).toEqual([]);
    expect(readLive('kits', state.storeDir).canary?.id).toBe(next);
    expect(log).toContainEqual(expect.stringContaining(`kits: build ${next} is the canary (10 %)`));
  });

  test('ending a canary that another command already ended writes nothing', () => {
    promote('kits', release('kits', 'v1'), opts());
    const next = release('kits', 'v2');
    startCanary('kits', next, 10, opts());
    endCanary('kits', next, 'promote', 'clean', opts());
    const before = historyLines('kits');

    expect(() => endCanary('kits', next, 'rollback', 'late', opts())).toThrow(`kits: ${next} is no longer the canary (none is running); nothing changed.`);
    expect(historyLines('kits')).toEqual(before);
  });

  test('is refused like a promotion when the live shell cannot run it, and needs a live release and a percentage from 1 to 99', () => {
    expect(() => startCanary('kits', release('kits', 'v0'), 10, opts())).toThrow(/no live release to compare a canary with/);
    promote('shell', release('shell', 'shell-5'), opts());
    promote('kits', release('kits', 'v1'), opts());
    const z6 = release('kits', 'z6', { versions: shared({ zustand: '6.0.0' }) });

    expect(() => startCanary('kits', z6, 10, opts())).toThrow(/Refused: kits release \w+ cannot go to any browser/);
    expect(readLive('kits', state.storeDir).canary).toBeNull();
    expect(() => startCanary('kits', release('kits', 'v2'), 100, opts())).toThrow(/whole percentage from 1 to 99/);
  });

  test('retention keeps the running canary', () => {
    const live = release('kits', 'v1');
    promote('kits', live, opts());
    const canary = release('kits', 'c');
    startCanary('kits', canary, 10, opts());
    for (const code of ['n1', 'n2', 'n3']) release('kits', code);

    release('kits', 'n4'); addRelease('kits', fakeBuild('kits', 'n5'), { ...opts(), keep: 1 });

    expect(listReleases('kits', state.storeDir).map((m) => m.id)).toEqual(expect.arrayContaining([live, canary]));
  });
});

describe('the watch decides by a sequential test on the first customers', () => {
  const rule = DEFAULT_WATCH;
  const hour = 60;

  test('defaults: 2 % floor, 10 points margin, alpha 1 %, beta 5 %, promotion after 50 customers and 30 minutes', () => {
    expect(DEFAULT_WATCH).toEqual({ minCustomers: 50, minMinutes: 30, floor: 0.02, margin: 0.1, alpha: 0.01, beta: 0.05 });
    const { upper, lower } = boundaries(rule);
    expect(upper).toBeCloseTo(Math.log(95), 6);
    expect(lower).toBeCloseTo(Math.log(0.05 / 0.99), 6);
  });

  test('rolls back a canary whose first customers all fail while live is clean, after at most 5 of them', () => {
    const live = health('l', 40, 0);
    const decisions = [1, 2, 3, 4, 5].map((n) => verdict(health('c', n, n), live, 1, rule).action);
    expect(decisions).toContain('rollback');
    expect(decisions.indexOf('rollback')).toBeLessThan(5);
    expect(verdict(health('c', 3, 3), live, 1, rule)).toEqual({
      action: 'rollback',
      reason: expect.stringMatching(/^error rate significantly above the live release's \(canary 3\/3 customers with an error, live 0\/40, log-likelihood ratio [\d.]+ ≥ 4\.55\)$/),
    });
    // With no live figures at all, the floor stands in for live: the same first customers decide.
    expect(verdict(health('c', 5, 5), undefined, 1, rule).action).toBe('rollback');
  });

  test('holds a canary as bad as a live release that already fails as often', () => {
    expect(verdict(health('c', 10, 2), health('l', 100, 20), hour, rule).action).toBe('wait');
  });

  test('promotes only after the floor of customers and the minimum time, once the test says it is as good as live', () => {
    const live = health('l', 400, 4);
    expect(logLikelihoodRatio(health('c', 60, 0), live, rule)).toBeLessThan(boundaries(rule).lower);
    expect(verdict(health('c', 60, 0), live, hour, rule)).toEqual({ action: 'promote', reason: expect.stringMatching(/^60 customers in 60 minutes/) });
    expect(verdict(health('c', 40, 0), live, hour, rule)).toEqual({ action: 'wait', reason: expect.stringMatching(/^as good as live so far, promoted after 40\/50 customers/) });
    expect(verdict(health('c', 60, 0), live, 10, rule)).toEqual({ action: 'wait', reason: expect.stringMatching(/promoted after 10\/30 minutes/) });
    // A few errors among many customers: not enough evidence either way yet.
    expect(verdict(health('c', 60, 5), live, hour, rule).action).toBe('wait');
    expect(verdict(undefined, live, hour, rule).action).toBe('wait');
  });
});

describe('the command line', () => {
  jest.setTimeout(60_000);

  test('promote --canary 10 says who gets it; releases shows the canary and every step of the history', () => {
    const live = release('kits', 'v1');
    promote('kits', live, opts());
    const next = release('kits', 'v2');

    const started = runCli(['promote', '--app', 'kits', '--canary', '10']);

    expect(started.status).toBe(0);
    expect(started.out).toContain(`kits: ${next} goes to 10 % of browsers at their next page load (each browser keeps its share); ${live} stays live for the others.`);
    const listed = runCli(['releases', '--app', 'kits']).out;
    expect(listed).toMatch(new RegExp(`canary 10 %\\s+${next}`));
    expect(listed).toMatch(new RegExp(`\\* live\\s+${live}`));
    expect(listed).toMatch(new RegExp(`canary\\s+${next}\\s+10 % of browsers`));
    expect(listed).toContain('(no health figures: no API database in');
  });

  test('--watch without figures keeps waiting, and gives up at its timeout leaving the canary running', () => {
    promote('kits', release('kits', 'v1'), opts());
    const next = release('kits', 'v2');

    const { status, out } = runCli(['promote', '--app', 'kits', '--canary', '10', '--watch', '--interval', '0', '--timeout', '0']);

    expect(out).toContain(`kits: canary ${next}: waiting, no health figures`);
    expect(out).toContain(`kits: no decision within 0 s; canary ${next} keeps running`);
    expect(status).toBe(1);
    expect(readLive('kits', state.storeDir).canary?.id).toBe(next);
  });
});
