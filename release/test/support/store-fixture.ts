import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const shared = (versions: Record<string, string> = {}) => ({
  react: '19.2.0',
  zustand: '5.0.8',
  'shared-api': '1.0.0',
  ...versions,
});

/** A temporary folder per test holding a release store (`storeDir`) and fake build outputs. */
export function storeFixture() {
  const state = { tmp: '', storeDir: '', builds: 0 };
  beforeEach(() => {
    state.tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
    state.storeDir = path.join(state.tmp, 'store');
  });
  afterEach(() => fs.rmSync(state.tmp, { recursive: true, force: true }));

  /** A build output as webpack-config writes it; `code` stands for the source, `builtAt` for its mtime. */
  function fakeBuild(
    app: string,
    code: string,
    { versions = shared() as Record<string, string>, builtAt = new Date(Date.UTC(2026, 0, 1) + state.builds * 60_000), dir = '' } = {},
  ) {
    state.builds += 1;
    const out = dir || path.join(state.tmp, `dist-${state.builds}`);
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(path.join(out, 'sub'), { recursive: true });
    const hash = Buffer.from(code).toString('hex').slice(0, 8);
    const chunk = `page.${hash}.js`;
    const files: Record<string, string> = {
      'index.html': '<html></html>',
      'remoteEntry.js': `entry(${JSON.stringify(chunk)})`,
      'expose-chunks.json': JSON.stringify({ entry: `remoteEntry.${hash}.js`, exposes: { './page': [chunk] } }),
      [chunk]: code,
      'sub/asset.txt': 'x',
      'release-contract.json': JSON.stringify({ app, shared: versions, requires: Object.fromEntries(Object.entries(versions).map(([k, v]) => [k, `^${v}`])) }),
    };
    for (const [name, body] of Object.entries(files)) {
      fs.writeFileSync(path.join(out, name), body);
      fs.utimesSync(path.join(out, name), builtAt, builtAt);
    }
    return out;
  }

  /**
   * The release command line in a process of its own (tsx compiles it first: seconds on a busy machine), on this
   * test's store, with no API database: the release commands then show no health figures.
   */
  function runCli(args: string[], env: Record<string, string> = {}) {
    const cli = path.resolve(__dirname, '..', '..', 'src', 'cli.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
      // PORTAL_SITE=off: the store's own tests write no site (portal-server's test/promote-site.test.ts does).
      env: { ...process.env, PORTAL_SITE: 'off', PORTAL_RELEASES_DIR: state.storeDir, DATA_DIR: path.join(state.tmp, 'no-api'), DATABASE_URL: '', ...env },
      encoding: 'utf8',
    });
    return { status: result.status, out: result.stdout, err: result.stderr };
  }

  return { state, fakeBuild, runCli };
}
