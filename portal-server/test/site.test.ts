// The site written as files (what nginx or a bucket serves), without a server.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AppName } from '../src/lib/config';
import { writeSite, type SiteManifest } from '../src/lib/site';
import { HASHED, distFolder, page, removeFolders, testConfig } from './support/fixtures';

afterAll(removeFolders);

const login = { path: '/login', remote: 'kits', module: './login', areaLabel: 'Log in', access: 'guest', chat: true };
const reset = { ...login, path: '/reset-password', module: './reset' };
const dashboard = { ...login, path: '/dashboard/:kitId', module: './dashboard', access: 'customer' };

function site() {
  const kits = distFolder({
    'index.html': page('kits'),
    'remoteEntry.js': '/* entry */',
    'remoteEntry.0a1b2c3d.js': '/* entry */',
    'expose-chunks.json': JSON.stringify({ entry: 'remoteEntry.0a1b2c3d.js', exposes: {}, routes: [login, reset, dashboard] }),
    // The reset page is drawn only for an address carrying its token.
    'prerender.json': JSON.stringify({
      entry: 'remoteEntry.0a1b2c3d.js',
      slotId: 's',
      pages: { './reset': { html: '<form>reset</form>', css: '', needs: 'token' } },
    }),
  });
  const shell = distFolder({ 'index.html': page('portal'), 'frames.cjs': 'exports.prerender = async () => null;', [HASHED]: 'console.log(1);' });
  const dir = path.join(distFolder({}), 'site');
  const roots: Partial<Record<AppName, string[]>> = { shell: [shell], kits: [kits] };
  return { dir, write: () => writeSite({ dir, config: testConfig, rootsFor: (app) => roots[app] ?? [] }) };
}

const manifestOf = (dir: string, app: string) => JSON.parse(fs.readFileSync(path.join(dir, app, 'pages.json'), 'utf8')) as SiteManifest;

it("writes the shell's page per route with its CSP, a second file for a page drawn only for a query, and every other address's page", async () => {
  const { dir, write } = site();
  await write();
  const { pages } = manifestOf(dir, 'shell');
  expect(pages.map((p) => [p.route, p.file])).toEqual([
    ['/login', 'routes/login.html'],
    ['/reset-password', 'routes/reset-password.html'],
    ['/dashboard/:kitId', 'routes/dashboard/_kitId.html'],
    [null, 'fallback.html'],
  ]);
  expect(pages[1]!.drawn).toEqual({ file: 'routes/reset-password.drawn.html', needs: 'token' });
  // A guest page carries the shell's entry inside it, allowed by its hash; a customer's page does not.
  const guest = fs.readFileSync(path.join(dir, 'shell', 'pages', 'routes', 'login.html'), 'utf8');
  expect(guest).toContain('<script>console.log(1);</script>');
  expect(pages[0]!.csp.match(/'sha256-/g)).toHaveLength(2);
  expect(pages[2]!.csp.match(/'sha256-/g)).toHaveLength(1);
  const html = path.join(dir, 'shell', 'pages', 'fallback.html');
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${html}.br`))).toEqual(fs.readFileSync(html));
  expect(zlib.gunzipSync(fs.readFileSync(`${html}.gz`))).toEqual(fs.readFileSync(html));
  // A remote's own page, for every address; an app with nothing live has no files and no pages.
  expect(manifestOf(dir, 'kits').pages.map((p) => p.route)).toEqual([null]);
  expect(fs.readdirSync(path.join(dir, 'billing', 'files'))).toEqual([]);
});

it('switches to a complete new site in one step, keeps the one before until the next, and removes older ones', async () => {
  const { dir, write } = site();
  const first = await write();
  const second = await write();
  expect(fs.realpathSync(dir)).toBe(second);
  expect(fs.existsSync(path.join(first, 'kits', 'files', 'remoteEntry.js'))).toBe(true);
  const third = await write();
  expect(fs.realpathSync(dir)).toBe(third);
  expect([fs.existsSync(first), fs.existsSync(second)]).toEqual([false, true]);
  expect(fs.readFileSync(path.join(dir, 'kits', 'files', 'remoteEntry.js'), 'utf8')).toBe('/* entry */');
});
