import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addRelease, promote } from 'release';
import { rootsFromReleases } from '../src/lib/release-roots';

let storeDir = '';
const saved = process.env.PORTAL_RELEASES_DIR;

beforeEach(() => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-roots-'));
  process.env.PORTAL_RELEASES_DIR = storeDir;
});
afterEach(() => {
  if (saved === undefined) delete process.env.PORTAL_RELEASES_DIR;
  else process.env.PORTAL_RELEASES_DIR = saved;
  fs.rmSync(storeDir, { recursive: true, force: true });
});

/** A remote's build output, as webpack-config writes it (what the store reads of it). */
function build(marker: string): string {
  const dir = fs.mkdtempSync(path.join(storeDir, 'dist-'));
  const versions = { react: '19.2.0' };
  const files = {
    'index.html': `<html>${marker}</html>`,
    'remoteEntry.js': `/* ${marker} */`,
    'expose-chunks.json': JSON.stringify({ entry: null, exposes: {} }),
    'release-contract.json': JSON.stringify({ app: 'kits', shared: versions, requires: { react: '^19.2.0' } }),
  };
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  return dir;
}

it('serves the live release, and never an unreleased build when nothing is live', () => {
  expect(() => rootsFromReleases('kits')).toThrow(
    'kits: no release is live, and an unreleased build is never served: release and promote one (`npm run release -w mfe-kits`, then `npm run promote -w mfe-kits`).',
  );
  const { manifest } = addRelease('kits', build('one'), { storeDir });
  // Released but never promoted: still nothing to serve.
  expect(() => rootsFromReleases('kits')).toThrow('kits: no release is live');
  promote('kits', manifest.id, { storeDir });
  expect(rootsFromReleases('kits')).toEqual([path.join(storeDir, 'kits', 'releases', manifest.id)]);
});

it('a pointer that cannot be read and no history: says what is wrong and how to fix it, never the dist folder', () => {
  const { manifest } = addRelease('kits', build('one'), { storeDir });
  promote('kits', manifest.id, { storeDir });
  fs.writeFileSync(path.join(storeDir, 'kits', 'live.json'), '{"app":"kits","li');
  fs.rmSync(path.join(storeDir, 'kits', 'history.jsonl'), { force: true });
  expect(() => rootsFromReleases('kits')).toThrow(
    /live\.json is damaged .* promote the release customers should get with `npm run promote -w mfe-kits -- <id>`/,
  );
});
