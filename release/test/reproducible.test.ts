import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentId } from '../src';

const root = path.resolve(__dirname, '..', '..');
const webpackCli = path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js');

/** Every file of a build: name → bytes. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isFile()) out.set(name, fs.readFileSync(full));
  }
  return out;
}

// Slow (two production builds of the smallest remote): the one test that proves a release id means its sources.
test('mfe-auth built twice from unchanged sources, from two working directories, gives byte-identical files under identical names', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reproducible-'));
  const out = [path.join(tmp, 'a'), path.join(tmp, 'b')];
  const build = (cwd: string, outputPath: string) =>
    execFileSync(
      process.execPath,
      [webpackCli, '--config', path.join(root, 'mfe-auth', 'webpack.config.js'), '--mode', 'production', '--output-path', outputPath],
      // The contract check reads no store here: the build is the same whatever is live.
      { cwd, env: { ...process.env, PORTAL_BUILD_ID: '', PORTAL_RELEASES_DIR: path.join(tmp, 'no-store') }, stdio: 'pipe' },
    );
  try {
    // The federation plugin derives its runtime entry's location from the working directory: one build from the
    // package folder (npm run build -w), one from the repository root.
    build(path.join(root, 'mfe-auth'), out[0] as string);
    build(root, out[1] as string);
    const [a, b] = out.map(files) as [Map<string, Buffer>, Map<string, Buffer>];

    expect([...b.keys()]).toEqual([...a.keys()]);
    expect([...a.keys()]).toContainEqual(expect.stringMatching(/^remoteEntry\.[0-9a-f]{8}\.js$/));
    const differing = [...a].filter(([name, bytes]) => !bytes.equals(b.get(name) as Buffer)).map(([name]) => name);
    // A differing JSON file shows what differs, not only its name.
    for (const name of differing.filter((file) => file.endsWith('.json'))) {
      expect({ [name]: JSON.parse(b.get(name)!.toString()) }).toEqual({ [name]: JSON.parse(a.get(name)!.toString()) });
    }
    expect(differing).toEqual([]);
    expect(contentId(out[1] as string)).toBe(contentId(out[0] as string));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}, 600_000);
