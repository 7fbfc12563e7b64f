import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { contractProblems } from 'webpack-config/contract';
import { addRelease, promote, readLive, readRelease } from '../src';
import { shared, storeFixture } from './support/store-fixture';

// Real processes, as two team members (or a CI job and a person) would run the commands at the same moment.
jest.setTimeout(120_000);

const { state, fakeBuild } = storeFixture();
const child = path.join(__dirname, 'support', 'race-child.ts');

/** Starts one process per command, lets them all go at the same instant once each says it is ready, and returns what each printed. */
async function race(storeDir: string, commands: string[][]): Promise<string[]> {
  const procs = commands.map((args) =>
    spawn(process.execPath, ['--import', 'tsx', child, ...args], { env: { ...process.env, PORTAL_RELEASES_DIR: storeDir }, stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const outputs = procs.map((proc) => {
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    return {
      ready: new Promise<void>((resolve) => proc.stdout.on('data', () => out.startsWith('ready\n') && resolve())),
      done: new Promise<string>((resolve) => proc.on('exit', () => resolve(out.replace(/^ready\n/, '').trim()))),
    };
  });
  await Promise.all(outputs.map((o) => o.ready));
  for (const proc of procs) proc.stdin.end('g');
  return Promise.all(outputs.map((o) => o.done));
}

test('six promotions of one app at the same moment: the history keeps every one, and the last is live', async () => {
  const storeDir = state.storeDir;
  const ids = [0, 1, 2, 3, 4, 5].map((n) => addRelease('kits', fakeBuild('kits', `v${n}`), { storeDir, keep: 10 }).manifest.id);

  const outputs = await race(storeDir, ids.map((id) => ['promote', 'kits', id]));

  expect(outputs).toEqual(ids.map((id) => `done ${id}`));
  const { history, live } = readLive('kits', storeDir);
  expect(history.map((step) => step.id).sort()).toEqual([...ids].sort());
  expect(live).toBe(history[history.length - 1]?.id);
  expect(JSON.parse(fs.readFileSync(path.join(storeDir, 'kits', 'live.json'), 'utf8'))).toMatchObject({ live });
});

test('a shell rollback and a kits promotion that cannot run under the older shell: never both go live', async () => {
  for (let round = 0; round < 4; round += 1) {
    const storeDir = path.join(state.tmp, `store-${round}`);
    const withoutZustand = { react: '19.2.0', 'shared-api': '1.0.0' };
    const shellBefore = addRelease('shell', fakeBuild('shell', `s5-${round}`, { versions: shared() }), { storeDir }).manifest.id;
    const shellNow = addRelease('shell', fakeBuild('shell', `s6-${round}`, { versions: shared({ zustand: '6.0.0' }) }), { storeDir }).manifest.id;
    const kitsNow = addRelease('kits', fakeBuild('kits', `k-${round}`, { versions: withoutZustand }), { storeDir }).manifest.id;
    const kits6 = addRelease('kits', fakeBuild('kits', `k6-${round}`, { versions: shared({ zustand: '6.0.0' }) }), { storeDir }).manifest.id;
    promote('shell', shellBefore, { storeDir });
    promote('shell', shellNow, { storeDir });
    promote('kits', kitsNow, { storeDir });

    const [rolledBack, promoted] = await race(storeDir, [['rollback', 'shell'], ['promote', 'kits', kits6]]);

    const shell = readRelease('shell', readLive('shell', storeDir).live as string, storeDir);
    const kits = readRelease('kits', readLive('kits', storeDir).live as string, storeDir);
    // Exactly one went through, and the live pair works together.
    expect([rolledBack?.startsWith('done'), promoted?.startsWith('done')].filter(Boolean)).toHaveLength(1);
    expect(contractProblems(shell!, kits!)).toEqual([]);
  }
});
