// The release commands write the site before they return: a page never names the build before the one just promoted.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { addRelease } from 'release';
import { distFolder, page, removeFolders } from './support/fixtures';

afterAll(removeFolders);

const cli = path.join(path.dirname(require.resolve('release/package.json')), 'src', 'cli.ts');
const login = { path: '/login', remote: 'kits', module: './login', areaLabel: 'Log in', access: 'guest', chat: true };

const contract = (app: string, zustand: string) =>
  JSON.stringify({ app, shared: { react: '19.2.0', zustand }, requires: { react: '^19.2.0', zustand: `^${zustand}` } });

/** A kits build whose versioned entry is `remoteEntry.<hash>.js`, built with `zustand`. */
const kitsBuild = (hash: string, zustand = '5.0.8') =>
  distFolder({
    'index.html': page(`kits ${hash}`),
    'remoteEntry.js': `/* entry ${hash} */`,
    [`remoteEntry.${hash}.js`]: `/* entry ${hash} */`,
    'expose-chunks.json': JSON.stringify({ entry: `remoteEntry.${hash}.js`, exposes: {}, routes: [login] }),
    'release-contract.json': contract('kits', zustand),
  });

function portal() {
  const tmp = distFolder({});
  const env = { PORTAL_RELEASES_DIR: path.join(tmp, 'store'), PORTAL_SITE_DIR: path.join(tmp, 'site') };
  const storeDir = env.PORTAL_RELEASES_DIR;
  const shell = distFolder({ 'index.html': page('portal'), 'frames.cjs': 'exports.prerender = async () => null;', 'release-contract.json': contract('shell', '5.0.8') });
  const release = (app: 'shell' | 'kits', dist: string) => addRelease(app, dist, { storeDir }).manifest.id;
  const run = (...args: string[]) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, ...env, DATA_DIR: path.join(tmp, 'no-api'), DATABASE_URL: '' },
      encoding: 'utf8',
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };
  const site = env.PORTAL_SITE_DIR;
  const read = (...parts: string[]) => fs.readFileSync(path.join(site, ...parts), 'utf8');
  return { shell, release, run, site, read };
}

it('promote and rollback write the site before they return: the pages and pointers name the live release', async () => {
  const { shell, release, run, site, read } = portal();
  release('shell', shell);
  const before = release('kits', kitsBuild('aaaa1111'));
  expect(run('promote', '--app', 'shell').status).toBe(0);
  expect(run('promote', '--app', 'kits', before).status).toBe(0);
  expect(read('shell', 'pages', 'routes', 'login.html')).toContain('remoteEntry.aaaa1111.js');

  const after = release('kits', kitsBuild('bbbb2222'));
  const promoted = run('promote', '--app', 'kits', after);
  expect(promoted).toMatchObject({ status: 0, output: expect.stringContaining(`kits: promoted ${after}`) });
  // The page every visitor of /login gets names the new build's entry; the pointers are the new build's.
  expect(read('shell', 'pages', 'routes', 'login.html')).toContain('remoteEntry.bbbb2222.js');
  expect(read('shell', 'pages', 'routes', 'login.html')).not.toContain('remoteEntry.aaaa1111.js');
  expect(read('kits', 'files', 'remoteEntry.js')).toBe('/* entry bbbb2222 */');
  expect(JSON.parse(read('kits', 'files', 'expose-chunks.json')).entry).toBe('remoteEntry.bbbb2222.js');
  // The build before stays: a tab opened before the promotion still gets the files it names.
  expect(fs.existsSync(path.join(site, 'kits', 'files', 'remoteEntry.aaaa1111.js'))).toBe(true);

  const promotedPointer = JSON.parse(read('shell', 'files', 'releases.json'));
  expect(promotedPointer.remotes.kits).toMatchObject({ live: expect.stringMatching(/remoteEntry\.bbbb2222\.js$/), withdrawn: [] });

  expect(run('rollback', '--app', 'kits').status).toBe(0);
  // The pointer document tabs read in the background: the live build again, the rolled-back one withdrawn, and a
  // version that every page now names.
  const pointer = JSON.parse(read('shell', 'files', 'releases.json'));
  expect(pointer.remotes.kits).toMatchObject({
    live: expect.stringMatching(/remoteEntry\.aaaa1111\.js$/),
    canary: null,
    withdrawn: [expect.stringMatching(/remoteEntry\.bbbb2222\.js$/)],
  });
  expect(pointer.version).not.toBe(promotedPointer.version);
  expect(read('shell', 'pages', 'routes', 'login.html')).toContain(`<meta name="portal-releases" content="${pointer.version} ${pointer.shell.live}">`);
  expect(read('shell', 'pages', 'routes', 'login.html')).toContain('remoteEntry.aaaa1111.js');
  expect(read('kits', 'files', 'remoteEntry.js')).toBe('/* entry aaaa1111 */');
  expect(JSON.parse(read('kits', 'files', 'expose-chunks.json')).entry).toBe('remoteEntry.aaaa1111.js');
});

it('a refused promotion leaves the site as it was', async () => {
  const { shell, release, run, site } = portal();
  release('shell', shell);
  expect(run('promote', '--app', 'shell').status).toBe(0);
  expect(run('promote', '--app', 'kits', release('kits', kitsBuild('aaaa1111'))).status).toBe(0);
  const written = fs.realpathSync(site);
  const pageBefore = fs.readFileSync(path.join(site, 'shell', 'pages', 'routes', 'login.html'));

  // Built with a zustand major the live shell does not provide: refused, so nothing may change for customers.
  const refused = run('promote', '--app', 'kits', release('kits', kitsBuild('cccc3333', '6.0.0')));
  expect(refused.status).toBe(1);
  expect(refused.output).toContain('Refused');
  expect(fs.realpathSync(site)).toBe(written);
  expect(fs.readFileSync(path.join(site, 'shell', 'pages', 'routes', 'login.html'))).toEqual(pageBefore);
  expect(fs.readFileSync(path.join(site, 'kits', 'files', 'remoteEntry.js'), 'utf8')).toBe('/* entry aaaa1111 */');
  expect(fs.existsSync(path.join(site, 'kits', 'files', 'remoteEntry.cccc3333.js'))).toBe(false);
});

it("a canary's start writes the site: the pages name it beside the live release, whose pointers stay", async () => {
  const { shell, release, run, site, read } = portal();
  release('shell', shell);
  expect(run('promote', '--app', 'shell').status).toBe(0);
  expect(run('promote', '--app', 'kits', release('kits', kitsBuild('aaaa1111'))).status).toBe(0);

  const canary = release('kits', kitsBuild('bbbb2222'));
  expect(run('promote', '--app', 'kits', '--canary', '10', canary).status).toBe(0);
  const config = /<script id=portal-config type="application\/json">(.*?)<\/script>/.exec(read('shell', 'pages', 'routes', 'login.html'))?.[1];
  const { releases } = JSON.parse(config ?? '{}') as { releases?: Record<string, { canary?: { id: string; entry: string; percent: number } }> };
  expect(releases?.kits?.canary).toMatchObject({ id: canary, percent: 10, entry: expect.stringMatching(/remoteEntry\.bbbb2222\.js$/) });
  expect(fs.existsSync(path.join(site, 'kits', 'files', 'remoteEntry.bbbb2222.js'))).toBe(true);
  expect(read('kits', 'files', 'remoteEntry.js')).toBe('/* entry aaaa1111 */');
});
