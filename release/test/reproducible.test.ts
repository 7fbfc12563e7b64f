import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentId } from '../src';

const root = path.resolve(__dirname, '..', '..');

/** Every file of a build: name → bytes. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isFile()) out.set(name, fs.readFileSync(full));
  }
  return out;
}

/**
 * A checkout of this working tree at `dest`: its files (tracked and new, as they are now) copied, its installed
 * node_modules folders hard-linked (the same packages, as a fresh `npm install` there would give, in seconds and
 * no disk), without what a build writes into them (.cache, .federation).
 */
function checkout(dest: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && !file.split('/').includes('node_modules') && fs.existsSync(path.join(root, file)));
  for (const file of listed) {
    fs.mkdirSync(path.dirname(path.join(dest, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dest, file));
  }
  const installed = ['node_modules', ...fs.readdirSync(root).map((dir) => path.join(dir, 'node_modules'))].filter((dir) =>
    fs.existsSync(path.join(root, dir)),
  );
  for (const dir of installed) {
    execFileSync('cp', ['-al', path.join(root, dir), path.join(dest, dir)]);
    for (const generated of ['.cache', '.federation']) fs.rmSync(path.join(dest, dir, generated), { recursive: true, force: true });
  }
}

/**
 * Where the scripts of two builds first differ, for each name prefix (`main`, `startup-vendor`) present in both under
 * different hashes: 300 characters either side, so a failing run says what differed, not only which files. Other
 * files' hashes (a chunk's file name, the map of chunk hashes) are masked first: a script that differs only by them
 * merely names a file that differs, and the one that differs in its own code is the one to read.
 */
function firstDifferences(a: Map<string, Buffer>, b: Map<string, Buffer>): string {
  const masked = (text: string) => text.replace(/\b[0-9a-f]{8}\b/g, '########');
  const scripts = (m: Map<string, Buffer>) =>
    new Map(
      [...m]
        .filter(([name]) => /^[\w-]+\.[0-9a-f]{8}\.js$/.test(name))
        .map(([name, bytes]) => [name.split('.')[0], { name, text: masked(bytes.toString()) }]),
    );
  const [x, y] = [scripts(a), scripts(b)];
  return [...x]
    .flatMap(([prefix, one]) => {
      const two = y.get(prefix);
      if (!two || two.name === one.name) return [];
      if (one.text === two.text) return [`${one.name} / ${two.name}: the same code, naming other files that differ`];
      let i = 0;
      while (i < one.text.length && one.text[i] === two.text[i]) i += 1;
      const around = (text: string) => JSON.stringify(text.slice(Math.max(0, i - 300), i + 300));
      return [`${one.name} / ${two.name} differ at ${i}:\n  ${around(one.text)}\n  ${around(two.text)}`];
    })
    .join('\n');
}

// Slow (two production builds each of the host and of the smallest remote): what proves a release id means its sources.
test.each([
  // The versioned entry a returning visitor keeps in cache, and its source map.
  { app: 'mfe-auth', entry: /^remoteEntry\.[0-9a-f]{8}\.js$/, map: /^remoteEntry\.js\.map$/ },
  // The host: its hashed entry, the federation runtime's own modules included.
  { app: 'shell', entry: /^main\.[0-9a-f]{8}\.js$/, map: /^main\.[0-9a-f]{8}\.js\.map$/ },
])('$app built from the same sources in two checkouts gives byte-identical files under identical names', ({ app, entry, map }) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reproducible-'));
  // Two folders of different depth and name: every absolute path differs between them.
  const checkouts = [path.join(tmp, 'one'), path.join(tmp, 'two', 'deeper', 'portal-checkout')] as const;
  // From the app's folder, as its `build` script runs (npm run build, -w, lerna, release): the federation plugin writes
  // its runtime entry under the working directory, whose place among the app's files sets the modules' order.
  const build = (repo: string) =>
    execFileSync(
      process.execPath,
      [path.join(repo, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--config', path.join(repo, app, 'webpack.config.js'), '--mode', 'production'],
      // The full production build (source maps and compressed copies included). The contract check reads no store
      // here: the build is the same whatever is live.
      {
        cwd: path.join(repo, app),
        env: { ...process.env, PORTAL_BUILD_ID: '', PORTAL_BUILD_PROFILE: '', PORTAL_RELEASES_DIR: path.join(tmp, 'no-store') },
        stdio: 'pipe',
      },
    );
  try {
    for (const dir of checkouts) checkout(dir);
    for (const dir of checkouts) build(dir);
    const out = checkouts.map((dir) => path.join(dir, app, 'dist'));
    const [a, b] = out.map(files) as [Map<string, Buffer>, Map<string, Buffer>];

    // Differing names first say where the bytes of each build's startup files part (a content hash names them).
    if ([...b.keys()].join() !== [...a.keys()].join()) console.log(firstDifferences(a, b));
    expect([...b.keys()]).toEqual([...a.keys()]);
    expect([...a.keys()]).toContainEqual(expect.stringMatching(entry));
    expect([...a.keys()]).toContainEqual(expect.stringMatching(map));
    const differing = [...a].filter(([name, bytes]) => !bytes.equals(b.get(name) as Buffer)).map(([name]) => name);
    // A differing JSON file shows what differs, not only its name.
    for (const name of differing.filter((file) => file.endsWith('.json'))) {
      expect({ [name]: JSON.parse(b.get(name)!.toString()) }).toEqual({ [name]: JSON.parse(a.get(name)!.toString()) });
    }
    expect(differing).toEqual([]);
    // No file names where it was built (a source map's paths included).
    const naming = [...a].filter(([, bytes]) => bytes.includes(tmp)).map(([name]) => name);
    expect(naming).toEqual([]);
    expect(contentId(out[1] as string)).toBe(contentId(out[0] as string));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}, 600_000);
