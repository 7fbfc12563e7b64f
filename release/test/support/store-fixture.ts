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

  return { state, fakeBuild };
}
