// The site as the browser receives it from `npm start`'s static server: pages by route written from the live releases
// (site.ts, page.ts), files by name, the build's own compressed copies. nginx.test.ts checks nginx sends the same.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { AreaRoute } from 'shared-api/routes';
import { declaredRoutes } from 'portal-registry/declared-routes';
import type { AppName, PortalConfig } from '../src/lib/config';
import { earlyInputScriptSource } from '../src/lib/early-input';
import { createSiteServer } from '../src/lib/site-server';
import { HASHED, MAP, builtApp, configIn, distFolder, page, removeFolders, request, siteOf, testConfig } from './support/fixtures';

type Releases = Partial<Record<AppName, string[]>>;
type ServeOptions = { config?: PortalConfig; sourceMaps?: boolean; app?: AppName; dir?: string };

const started: { close: () => Promise<void> }[] = [];

/** The site written from `releases`, one app of it (the shell unless said) served as `npm start` serves it. */
async function serve(releases: Releases, { app = 'shell', sourceMaps, ...site }: ServeOptions = {}) {
  const siteDir = await siteOf(releases, site);
  const server = await createSiteServer({ siteDir, app, sourceMaps, log: () => undefined });
  await server.listen({ port: 0, host: '127.0.0.1' });
  started.push({ close: () => server.close() });
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return Object.assign(url, { siteDir });
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
  removeFolders();
});

/** A route as an area's listing declares it. */
const route = (path: string, remote: string, module: string, access: AreaRoute['access']): AreaRoute => ({
  path,
  remote,
  module,
  access,
  areaLabel: path,
  chat: true,
});

/** A remote's release with its listing: no versioned entry, no page files, its own routes. */
const listing = (routes: AreaRoute[], exposes: Record<string, string[]> = {}) =>
  distFolder({ 'index.html': page('remote'), 'expose-chunks.json': JSON.stringify({ exposes, routes }) });

/** Where the configuration says each remote is (the pages name it; nothing needs to answer there). */
const origin = (remote: string) => `http://${remote}.example.test`;
const configFor = (remotes: string[]): PortalConfig => ({
  ...testConfig,
  remotes: Object.fromEntries(remotes.map((remote) => [remote, `${origin(remote)}/mf-manifest.json`])),
});

/** A shell's build (it has frames.cjs, here drawing none) and its API client's chunks. */
const shellBuild = (apiClient: string[] = []) => {
  const dir = builtApp();
  fs.writeFileSync(path.join(dir, 'frames.cjs'), 'exports.prerender = async () => null;');
  for (const file of apiClient) fs.writeFileSync(path.join(dir, file), '/* client */');
  return dir;
};

/** The shell beside every area's release, each listing the routes it declares. */
function declaredAreas(): { releases: Releases; config: PortalConfig } {
  const declared = declaredRoutes();
  const names = [...new Set(declared.map((r) => r.remote))];
  const releases = Object.fromEntries(names.map((name) => [name, [listing(declared.filter((r) => r.remote === name))]]));
  return { releases, config: configFor(names) };
}

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options'];

describe('pages', () => {
  it('every page path answers the page with the runtime configuration and the security headers', async () => {
    const url = await serve({ shell: [builtApp()] });
    for (const pathname of ['/', '/login', '/dashboard/7', '/index.html']) {
      const answer = await request(`${url}${pathname}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(configIn(answer.body.toString())).toEqual({ ...testConfig, remoteEntries: {} });
    }
  });

  it('allows scripts and connections to exactly the configured remotes and API, and the early-input script', async () => {
    const url = await serve({ shell: [builtApp()] });
    const csp = (await request(`${url}/login`)).headers['content-security-policy'];
    expect(csp).toContain(`script-src 'self' ${earlyInputScriptSource()} http://127.0.0.1:9;`);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9 http://api.example.test;");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("a route's page preloads its area's entry, a customer page the API client, and a guest page names it for a first touch", async () => {
    const withFirstReads = { ...route('/home', 'kits', './home', 'customer'), firstReads: [{ url: '/api/v1/starlink_user_wallet' }] };
    const kits = listing([
      route('/dashboard', 'kits', './dashboard', 'customer'),
      withFirstReads,
      route('/activate', 'kits', './activate', 'guest'),
    ]);
    const url = await serve(
      { shell: [shellBuild(['http-client.1a2b3c4d.js', 'not-a-chunk.js'])], kits: [kits] },
      { config: configFor(['kits']) },
    );
    const preloads = async (pathname: string) =>
      [...(await request(`${url}${pathname}`)).body.toString().matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    // The kits listing names no versioned entry nor page files: its configured entry is preloaded.
    expect(await preloads('/dashboard')).toEqual([`${origin('kits')}/remoteEntry.js`, '/http-client.1a2b3c4d.js']);
    // Its first calls made by the shell's entry with fetch, a customer page waits for the first touch like a guest's.
    expect(await preloads('/home')).toEqual([`${origin('kits')}/remoteEntry.js`]);
    expect(await preloads('/activate')).toEqual([`${origin('kits')}/remoteEntry.js`]);
    expect(await preloads('/login')).toEqual([]);
    // The early-input script preloads what this names at the visitor's first touch, not before.
    const touchPreload = async (pathname: string) =>
      (await request(`${url}${pathname}`)).body.toString().match(/<meta name="portal-touch-preload" content="([^"]*)">/)?.[1];
    expect(await touchPreload('/activate')).toBe('/http-client.1a2b3c4d.js');
    expect(await touchPreload('/home')).toBe('/http-client.1a2b3c4d.js');
    expect(await touchPreload('/dashboard')).toBeUndefined();
    expect(await touchPreload('/login')).toBeUndefined();
  });

  it('preloads the area of each route the live areas declare, in any letter case, and writes their routes into the page', async () => {
    const { releases, config } = declaredAreas();
    const url = await serve({ ...releases, shell: [shellBuild(['http-client.1a2b3c4d.js'])] }, { config });
    const areaRoutes = declaredRoutes();
    expect(configIn((await request(`${url}/login`)).body.toString())).toMatchObject({ routes: areaRoutes });
    const preloads = async (pathname: string) =>
      [...(await request(`${url}${pathname}`)).body.toString().matchAll(/rel="preload" as="script" href="([^"]+)"/g)].map((m) => m[1]);
    const addresses = areaRoutes.map((declared) => [declared.path.replace(/:\w+/g, '15'), declared] as const);
    for (const [address, { remote, access, firstReads }] of [...addresses, ['/HOME/', areaRoutes.find((r) => r.path === '/home')!] as const]) {
      const callsAtOnce = access === 'customer' && !firstReads?.length;
      const client = callsAtOnce ? ['/http-client.1a2b3c4d.js'] : [];
      const html = (await request(`${url}${address}`)).body.toString();
      const onTouch = html.match(/<meta name="portal-touch-preload" content="([^"]*)">/)?.[1];
      expect({ address, preloads: await preloads(address), onTouch }).toEqual({
        address,
        preloads: [`${origin(remote)}/remoteEntry.js`, ...client],
        onTouch: callsAtOnce ? undefined : '/http-client.1a2b3c4d.js',
      });
    }
    expect(await preloads('/dashboard/15/extra')).toEqual([]);
  });

  it("is sent as the site's own Brotli or gzip copy, as the browser accepts, at the best compression and with the same headers", async () => {
    const url = await serve({ shell: [builtApp()] });
    const plain = await request(`${url}/login`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const file = path.join(url.siteDir, 'shell', 'pages', 'fallback.html');
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await request(`${url}/login`, { headers: { 'Accept-Encoding': accept } });
      expect({ accept, encoding: answer.headers['content-encoding'] }).toEqual({ accept, encoding: expected });
      expect(answer.body).toEqual(fs.readFileSync(`${file}.${expected === 'br' ? 'br' : 'gz'}`));
      for (const name of ['content-type', 'cache-control', 'vary', ...SECURITY_HEADERS]) {
        expect({ name, value: answer.headers[name] }).toEqual({ name, value: plain.headers[name] });
      }
    }
    const best = zlib.brotliCompressSync(plain.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    });
    expect((await request(`${url}/login`, { headers: { 'Accept-Encoding': 'br' } })).body.length).toBeLessThanOrEqual(best.length);
    for (const accept of ['identity', 'deflate']) {
      const answer = await request(`${url}/login`, { headers: { 'Accept-Encoding': accept } });
      expect({ accept, encoding: answer.headers['content-encoding'] }).toEqual({ accept, encoding: undefined });
      expect(answer.body.toString()).toBe(plain.body.toString());
    }
  });

  it("a reset link's page is drawn only for an address carrying its token", async () => {
    const reset = route('/reset-password', 'auth', './reset', 'open');
    const entry = 'remoteEntry.0a1b2c3d.js';
    const auth = distFolder({
      'index.html': page('auth'),
      'remoteEntry.js': '',
      [entry]: '',
      'expose-chunks.json': JSON.stringify({ entry, exposes: { './reset': [] }, routes: [reset] }),
      'prerender.json': JSON.stringify({ entry, slotId: 's', pages: { './reset': { html: '<form>reset</form>', css: '', needs: 'token' } } }),
    });
    const url = await serve({ shell: [shellBuild()], auth: [auth] }, { config: configFor(['auth']) });
    const served = async (query: string) => (await request(`${url}/reset-password${query}`)).body.toString();
    const { pages } = JSON.parse(fs.readFileSync(path.join(url.siteDir, 'shell', 'pages.json'), 'utf8')) as {
      pages: { route: string | null; file: string; drawn?: { file: string } }[];
    };
    const written = (file: string) => fs.readFileSync(path.join(url.siteDir, 'shell', 'pages', file), 'utf8');
    const resetPage = pages.find((p) => p.route === '/reset-password')!;
    expect(await served('?token=abc')).toBe(written(resetPage.drawn!.file));
    for (const query of ['', '?token=', '?token=%20%20', '?other=1']) expect(await served(query)).toBe(written(resetPage.file));
  });
});

describe("a first visit's entry script", () => {
  const entryTag = `<script defer src="/${HASHED}"></script>`;
  const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const serveShell = (shell: string) => {
    const { releases, config } = declaredAreas();
    return serve({ ...releases, shell: [shell] }, { config });
  };

  it("comes inside the pages a first visit lands on, allowed by its hash and named for the browser to cache, whatever the browser's cookies", async () => {
    const shell = shellBuild();
    const source = fs.readFileSync(path.join(shell, HASHED), 'utf8');
    const url = await serveShell(shell);
    for (const [pathname, cookie] of [
      ['/login', undefined],
      ['/login', `portal_entry=${HASHED}`],
      ['/reset-password', 'theme=dark'],
    ] as const) {
      const answer = await request(`${url}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
      const html = answer.body.toString();
      expect({ pathname, cookie, tag: html.includes(entryTag) }).toEqual({ pathname, cookie, tag: false });
      expect(inlineScripts(html)).toEqual([source]);
      expect(html).toMatch(new RegExp(`<meta name="portal-entry" content="/${HASHED.replace(/\./g, '\\.')}">`));
      expect(html.indexOf(source)).toBeGreaterThan(html.indexOf('<body>'));
      expect(answer.headers['content-security-policy']).toContain(`script-src 'self' ${earlyInputScriptSource()} ${hashOf(source)} http://`);
      // The page depends on nothing the browser sends but the encodings it accepts: a shared cache may keep it.
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it("is loaded by its file, from the cache, on a customer's page, whatever the browser's cookies", async () => {
    const url = await serveShell(shellBuild());
    for (const cookie of [undefined, `portal_entry=${HASHED}`]) {
      const answer = await request(`${url}/home`, { headers: cookie ? { Cookie: cookie } : {} });
      const html = answer.body.toString();
      expect(html).toContain(entryTag);
      expect(inlineScripts(html)).toEqual([]);
      expect(html).not.toContain('portal-entry');
      expect(answer.headers['content-security-policy']).toContain(`script-src 'self' ${earlyInputScriptSource()} http://`);
    }
  });

  it('stays a file on a build without route areas (a remote on its own, a plain build)', async () => {
    const url = await serve({ shell: [builtApp()] });
    const html = (await request(`${url}/login`)).body.toString();
    expect(html).toContain(entryTag);
    expect(inlineScripts(html)).toEqual([]);
  });

  it('stays a file when its text could end the inline element, or when the file is missing', async () => {
    const closing = shellBuild();
    fs.writeFileSync(path.join(closing, HASHED), 'console.log("</script><script>alert(1)")');
    const missing = shellBuild();
    fs.rmSync(path.join(missing, HASHED));
    for (const shell of [closing, missing]) {
      const html = (await request(`${await serveShell(shell)}/login`)).body.toString();
      expect(html).toContain(entryTag);
      expect(inlineScripts(html)).toEqual([]);
    }
  });
});

describe('files', () => {
  it('per-deployment names are revalidated, content-hashed ones cached for good, all open to other origins', async () => {
    const url = await serve({ kits: [builtApp()] }, { app: 'kits' });
    for (const name of ['remoteEntry.js', 'mf-manifest.json', 'expose-chunks.json']) {
      const answer = await request(`${url}/${name}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    const hashed = await request(`${url}/${HASHED}`);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-type']).toMatch(/javascript/);
    expect(hashed.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves the service worker and the app manifest at the site root, revalidated, only from the live release', async () => {
    const live = builtApp('live');
    const older = builtApp('older');
    fs.writeFileSync(path.join(live, 'sw.js'), '/* worker of the live release */');
    fs.writeFileSync(path.join(older, 'manifest.webmanifest'), '{"name":"older"}');
    const url = await serve({ shell: [live, older] });
    const worker = await request(`${url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.body.toString()).toBe('/* worker of the live release */');
    // The live release has none: an older release's manifest is never served in its place.
    expect((await request(`${url}/manifest.webmanifest`)).status).toBe(404);
  });

  it('per-deployment names come only from the live release, hashed files from the newest release that has them', async () => {
    const live = distFolder({ 'index.html': page('new'), 'remoteEntry.js': 'new entry', 'new.22222222.js': 'new chunk' });
    const older = distFolder({
      'index.html': page('old'),
      'remoteEntry.js': 'old entry',
      'mf-manifest.json': '{"old":true}',
      'old.11111111.js': 'old chunk',
      'new.22222222.js': 'stale copy',
    });
    const url = await serve({ kits: [live, older] }, { app: 'kits' });
    expect((await request(`${url}/remoteEntry.js`)).body.toString()).toBe('new entry');
    expect((await request(`${url}/mf-manifest.json`)).status).toBe(404);
    expect((await request(`${url}/old.11111111.js`)).body.toString()).toBe('old chunk');
    expect((await request(`${url}/new.22222222.js`)).body.toString()).toBe('new chunk');
    expect((await request(`${url}/login`)).body.toString()).toContain('<title>new</title>');
  });

  it('sends the pre-compressed copy to a browser that accepts it, labelled with the original type', async () => {
    const dir = builtApp();
    const url = await serve({ shell: [dir] });
    const compressed = await request(`${url}/${HASHED}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(compressed.body).toString()).toBe(fs.readFileSync(path.join(dir, HASHED), 'utf8'));
    const plain = await request(`${url}/${HASHED}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(fs.readFileSync(path.join(dir, HASHED), 'utf8'));
    expect((await request(`${url}/${HASHED}.br`, { headers: { 'Accept-Encoding': 'br' } })).status).toBe(404);
  });

  it('a missing file, or one deleted under the running server, answers 404 and the server keeps serving', async () => {
    const url = await serve({ shell: [builtApp()] });
    expect((await request(`${url}/${HASHED}`)).status).toBe(200);
    const files = path.join(url.siteDir, 'shell', 'files');
    fs.rmSync(path.join(files, HASHED));
    fs.rmSync(path.join(files, `${HASHED}.br`));
    for (const encoding of ['br', 'identity']) {
      const gone = await request(`${url}/${HASHED}`, { headers: { 'Accept-Encoding': encoding } });
      expect(gone.status).toBe(404);
      expect(gone.headers['access-control-allow-origin']).toBe('*');
    }
    // The shell asks with HEAD whether a chunk that failed is gone: a cross-origin answer it can read.
    const asked = await request(`${url}/684.ffffffff.js`, { method: 'HEAD' });
    expect(asked.status).toBe(404);
    expect(asked.headers['access-control-allow-origin']).toBe('*');
    expect((await request(`${url}/%E0%A4%A`)).status).toBe(400);
    expect((await request(`${url}/..%2Fpackage.json`)).status).toBe(404);
    expect((await request(`${url}/api/v1/kits`)).status).toBe(404);
    expect((await request(`${url}/login`)).status).toBe(200);
  });

  it('source maps are not served unless configured', async () => {
    const dir = builtApp();
    expect((await request(`${await serve({ shell: [dir] })}/${MAP}`)).status).toBe(404);
    expect((await request(`${await serve({ shell: [dir] }, { sourceMaps: true })}/${MAP}`)).status).toBe(200);
  });
});

describe('the site switched under the server', () => {
  it('a promotion (a new site written) shows at the next page load, without a restart; a missing site answers 503', async () => {
    const first = builtApp('release one');
    const url = await serve({ shell: [first] });
    expect((await request(`${url}/login`)).body.toString()).toContain('<title>release one</title>');
    await siteOf({ shell: [builtApp('release two'), first] }, { dir: url.siteDir });
    expect((await request(`${url}/login`)).body.toString()).toContain('<title>release two</title>');
    expect((await request(`${url}/${HASHED}`)).status).toBe(200);

    fs.rmSync(url.siteDir);
    const missing = await request(`${url}/login`);
    expect([missing.status, missing.headers['retry-after'], missing.headers['cache-control']]).toEqual([503, '5', 'no-store']);
  });

  it('an app with nothing live answers 404 for its pages and files', async () => {
    const url = await serve({ shell: [builtApp()] }, { app: 'kits' });
    expect((await request(`${url}/login`)).status).toBe(404);
    expect((await request(`${url}/remoteEntry.js`)).status).toBe(404);
  });
});

describe('HEAD', () => {
  it('answers as GET would: same status and headers, no body', async () => {
    const url = await serve({ shell: [builtApp()] });
    for (const pathname of ['/login', '/index.html', '/remoteEntry.js', `/${HASHED}`, '/missing.0a1b2c3d.js']) {
      const get = await request(`${url}${pathname}`);
      const head = await request(`${url}${pathname}`, { method: 'HEAD' });
      expect(head.status).toBe(get.status);
      expect(head.body.length).toBe(0);
      for (const name of [...SECURITY_HEADERS, 'cache-control', 'content-type', 'access-control-allow-origin']) {
        expect([pathname, name, head.headers[name]]).toEqual([pathname, name, get.headers[name]]);
      }
    }
    expect((await request(`${url}/login`, { method: 'HEAD' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('pages drawn by the live releases', () => {
  /** A remote's release: its listing and its page, both naming the build's versioned entry. */
  function areaRelease(entry: string, pages: Record<string, string>, routes: AreaRoute[]) {
    return distFolder({
      'index.html': page('area'),
      'remoteEntry.js': '/* entry */',
      [entry]: '/* entry */',
      'expose-chunks.json': JSON.stringify({ entry, exposes: Object.fromEntries(Object.keys(pages).map((m) => [m, []])), routes }),
      'prerender.json': JSON.stringify({
        entry,
        slotId: '_R_1c_',
        pages: Object.fromEntries(Object.entries(pages).map(([module, html]) => [module, { html, css: '' }])),
      }),
    });
  }

  const slot = '<template data-slot="portal-area-slot"></template>';
  const template =
    '<!doctype html><html><head><script id=portal-config type="application/json">{}</script></head><body><div id=root><p>Loading…</p></div></body></html>';
  /** A shell build whose frames.cjs draws each route's frame from the routes it is given: a customer's navbar links. */
  const shellBuild = () =>
    distFolder({
      'index.html': template,
      'frames.cjs': `const slot = ${JSON.stringify(slot)};
exports.prerender = async (routes) => ({ slot, frames: Object.fromEntries(routes.map((r) => [r.path, {
  html: '<nav>' + (r.access === 'customer' ? routes.filter((x) => x.nav && x.nav.audience === 'customer').map((x) => x.nav.label).join(' ') : 'Log in') + '</nav><main><!--$-->' + slot + '<!--/$--></main>',
  css: '', slotId: '_R_1c_' }])) });`,
    });
  /** The page's #root and the loading state kept after it. */
  const bodyOf = async (url: string) => (await request(url)).body.toString().match(/<body>([\s\S]*)<\/body>/)?.[1];

  it("sends /login with the shell's frame around the live auth release's page, which a rollback changes", async () => {
    const routes = declaredRoutes().filter((declared) => declared.module === './login');
    const [one, two] = [
      areaRelease('remoteEntry.0a1b2c3d.js', { './login': '<form>one</form>' }, routes),
      areaRelease('remoteEntry.4e5f6a7b.js', { './login': '<form>two</form>' }, routes),
    ];
    const shell = shellBuild();
    const config = configFor(['auth']);
    const url = await serve({ shell: [shell], auth: [two!, one!] }, { config });
    expect(await bodyOf(`${url}/login`)).toBe(
      '<div id="root" data-prerendered="/login" data-session="none"><nav>Log in</nav><main><!--$--><form>two</form><!--/$--></main></div>' +
        '<div data-boot hidden><p>Loading…</p></div>',
    );
    await siteOf({ shell: [shell], auth: [one!, two!] }, { config, dir: url.siteDir });
    expect(await bodyOf(`${url}/login`)).toContain('<form>one</form>');
  });

  it("sends /home and a kit's dashboard with the signed-in frame around the live kits release's page", async () => {
    const kitsRoutes = declaredRoutes().filter((declared) => declared.remote === 'kits');
    const kits = areaRelease('remoteEntry.0a1b2c3d.js', { './home': '<h1>Home</h1>', './dashboard': '<h1>Kit dashboard</h1>' }, kitsRoutes);
    const url = await serve({ shell: [shellBuild()], kits: [kits] }, { config: configFor(['kits']) });
    expect(await bodyOf(`${url}/home`)).toBe(
      '<div id="root" data-prerendered="/home" data-session="customer"><nav>Home</nav><main><!--$--><h1>Home</h1><!--/$--></main></div>' +
        '<div data-boot hidden><p>Loading…</p></div>',
    );
    // One frame for every kit's dashboard, marked with the route's pattern the shell matches.
    expect(await bodyOf(`${url}/dashboard/42`)).toContain(
      '<div id="root" data-prerendered="/dashboard/:kitId" data-session="customer"><nav>Home</nav><main><!--$--><h1>Kit dashboard</h1>',
    );
  });

  it('a page a kits release adds is routed once that release is live, with no shell release', async () => {
    const kitsRoutes = declaredRoutes().filter((declared) => declared.remote === 'kits');
    const shell = shellBuild();
    const config = configFor(['kits']);
    const url = await serve({ shell: [shell], kits: [listing(kitsRoutes)] }, { config });
    const before = (await request(`${url}/kit-map`)).body.toString();
    expect(configIn(before)).toMatchObject({ routes: kitsRoutes });
    expect(before).not.toContain('rel="preload"');

    const routes = [...kitsRoutes, route('/kit-map', 'kits', './kit-map', 'customer')];
    await siteOf({ shell: [shell], kits: [listing(routes)] }, { config, dir: url.siteDir });
    const after = (await request(`${url}/kit-map`)).body.toString();
    expect(configIn(after)).toMatchObject({ routes });
    expect(after).toContain(`<link rel="preload" as="script" href="${origin('kits')}/remoteEntry.js">`);
  });

  it('a page and a navbar link a kits release adds are drawn, in its page and every customer frame, with no shell release', async () => {
    const kitsRoutes = declaredRoutes().filter((declared) => declared.remote === 'kits');
    const shop = { ...route('/shop', 'kits', './shop', 'customer'), nav: { label: 'Shop', audience: 'customer' as const, order: 9 } };
    const config = configFor(['kits']);
    const shell = shellBuild();
    const url = await serve({ shell: [shell], kits: [areaRelease('remoteEntry.0a1b2c3d.js', { './home': '<h1>Home</h1>' }, kitsRoutes)] }, { config });
    expect(await bodyOf(`${url}/home`)).toContain('<nav>Home</nav>');
    const pages = { './home': '<h1>Home</h1>', './shop': '<h1>Shop</h1>' };
    await siteOf({ shell: [shell], kits: [areaRelease('remoteEntry.4e5f6a7b.js', pages, [...kitsRoutes, shop])] }, { config, dir: url.siteDir });
    expect(await bodyOf(`${url}/home`)).toContain('<nav>Home Shop</nav><main><!--$--><h1>Home</h1>');
    expect(await bodyOf(`${url}/shop`)).toContain('data-prerendered="/shop" data-session="customer"><nav>Home Shop</nav><main><!--$--><h1>Shop</h1>');
  });
});
