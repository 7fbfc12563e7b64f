import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { frameSignature, type AreaRoute } from 'shared-api/routes';
import { declaredRoutes } from 'portal-registry/declared-routes';
import { createAppServer, type AppServerOptions } from '../src/lib/app-server';
import { earlyInputScriptSource } from '../src/lib/early-input';
import {
  HASHED,
  MAP,
  builtApp,
  configIn,
  distFolder,
  page,
  removeFolders,
  request,
  testConfig,
} from './support/fixtures';

const started: { close: () => Promise<void> }[] = [];

async function serve(roots: AppServerOptions['roots'], options: Partial<AppServerOptions> = {}) {
  const { server } = await createAppServer({ roots, config: testConfig, log: () => undefined, ...options });
  await server.listen({ port: 0, host: '127.0.0.1' });
  started.push({ close: () => server.close() });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
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

/** A remote serving its listing: no versioned entry, no page files, its own routes. */
async function remoteListing(routes: AreaRoute[], exposes: Record<string, string[]> = {}) {
  return serve(() => [distFolder({ 'index.html': page('remote'), 'expose-chunks.json': JSON.stringify({ exposes, routes }) })]);
}

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options'];

describe('pages', () => {
  it('every page path answers the template with the runtime configuration and the security headers', async () => {
    const url = await serve(() => [builtApp()]);
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
    const url = await serve(() => [builtApp()]);
    const csp = (await request(`${url}/login`)).headers['content-security-policy'];
    expect(csp).toContain(`script-src 'self' ${earlyInputScriptSource()} http://127.0.0.1:9;`);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9 http://api.example.test;");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("a route's page preloads its area's entry, a customer page the API client, and a guest page names it for a first touch", async () => {
    const shell = builtApp();
    fs.writeFileSync(
      path.join(shell, 'route-areas.json'),
      JSON.stringify({ apiClient: ['http-client.1a2b3c4d.js', '../not-a-chunk.js'] }),
    );
    const kits = await remoteListing([route('/home', 'kits', './home', 'customer'), route('/activate', 'kits', './activate', 'guest')]);
    const url = await serve(() => [shell], { config: { ...testConfig, remotes: { kits: `${kits}/mf-manifest.json` } } });
    const preloads = async (pathname: string) =>
      [
        ...(await request(`${url}${pathname}`)).body
          .toString()
          .matchAll(/<link rel="preload" as="script" href="([^"]+)">/g),
      ].map((m) => m[1]);
    // The kits listing names no versioned entry nor page files: its configured entry is preloaded.
    expect(await preloads('/home')).toEqual([`${kits}/remoteEntry.js`, '/http-client.1a2b3c4d.js']);
    expect(await preloads('/activate')).toEqual([`${kits}/remoteEntry.js`]);
    expect(await preloads('/login')).toEqual([]);
    // The early-input script preloads what this names at the visitor's first touch, not before.
    const touchPreload = async (pathname: string) =>
      (await request(`${url}${pathname}`)).body.toString().match(/<meta name="portal-touch-preload" content="([^"]*)">/)?.[1];
    expect(await touchPreload('/activate')).toBe('/http-client.1a2b3c4d.js');
    expect(await touchPreload('/home')).toBeUndefined();
    expect(await touchPreload('/login')).toBeUndefined();
  });

  it('preloads the area of each route the live areas declare, and writes their routes into the page', async () => {
    const shell = builtApp();
    fs.writeFileSync(path.join(shell, 'route-areas.json'), JSON.stringify({ apiClient: ['http-client.1a2b3c4d.js'] }));
    const areaRoutes = declaredRoutes();
    const remoteNames = [...new Set(areaRoutes.map((r) => r.remote))];
    const origins = await Promise.all(remoteNames.map((name) => remoteListing(areaRoutes.filter((r) => r.remote === name))));
    const remotes = Object.fromEntries(remoteNames.map((name, i) => [name, `${origins[i]}/mf-manifest.json`]));
    const url = await serve(() => [shell], { config: { ...testConfig, remotes } });
    expect(configIn((await request(`${url}/login`)).body.toString())).toMatchObject({ routes: areaRoutes });
    const preloads = async (pathname: string) =>
      [...(await request(`${url}${pathname}`)).body.toString().matchAll(/rel="preload" as="script" href="([^"]+)"/g)].map(
        (m) => m[1],
      );
    const addresses = areaRoutes.map((route) => [route.path.replace(/:\w+/g, '15'), route] as const);
    for (const [address, { remote, access }] of [...addresses, ['/HOME/', areaRoutes.find((r) => r.path === '/home')!] as const]) {
      const entry = `${origins[remoteNames.indexOf(remote)]}/remoteEntry.js`;
      const client = access === 'customer' ? ['/http-client.1a2b3c4d.js'] : [];
      const page = (await request(`${url}${address}`)).body.toString();
      const onTouch = page.match(/<meta name="portal-touch-preload" content="([^"]*)">/)?.[1];
      expect({ address, preloads: await preloads(address), onTouch }).toEqual({
        address,
        preloads: [entry, ...client],
        onTouch: access === 'customer' ? undefined : '/http-client.1a2b3c4d.js',
      });
    }
    expect(await preloads('/dashboard/15/extra')).toEqual([]);
  });

  it('a page is sent compressed as the browser accepts (Brotli first, then gzip), with the same headers', async () => {
    const url = await serve(() => [builtApp()]);
    const plain = await request(`${url}/login`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const decoders = {
      br: zlib.brotliDecompressSync,
      gzip: zlib.gunzipSync,
    } as const;
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const answer = await request(`${url}/login`, { headers: { 'Accept-Encoding': accept } });
      expect({ accept, encoding: answer.headers['content-encoding'] }).toEqual({ accept, encoding: expected });
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(decoders[expected](answer.body).toString()).toBe(plain.body.toString());
      for (const name of ['content-type', 'cache-control', ...SECURITY_HEADERS]) {
        expect({ name, value: answer.headers[name] }).toEqual({ name, value: plain.headers[name] });
      }
    }
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0']) {
      const answer = await request(`${url}/login`, { headers: { 'Accept-Encoding': accept } });
      expect({ accept, encoding: answer.headers['content-encoding'] }).toEqual({ accept, encoding: undefined });
      expect(answer.body.toString()).toBe(plain.body.toString());
    }
  });

  it('a root with only a compressed template answers 503 in plain text, never the compressed bytes as HTML', async () => {
    const dir = distFolder({}, []);
    fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(page('compressed only')));
    const url = await serve(() => [dir]);
    for (const pathname of ['/login', '/index.html', '/index.html.br']) {
      const answer = await request(`${url}${pathname}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(answer.status).not.toBe(200);
      expect(answer.headers['content-type']).not.toContain('text/html');
      expect(answer.headers['content-encoding']).toBeUndefined();
    }
  });
});

describe("a first visit's entry script", () => {
  const entryTag = `<script defer src="/${HASHED}"></script>`;
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  /** A shell's build: it lists its route areas. */
  const shellBuild = () => {
    const dir = builtApp();
    fs.writeFileSync(path.join(dir, 'route-areas.json'), JSON.stringify({ apiClient: [] }));
    return dir;
  };
  /** The shell served beside areas listing the routes they declare: a page learns its route's access from them. */
  const serveShell = async (root: string) => {
    const declared = declaredRoutes();
    const names = [...new Set(declared.map((r) => r.remote))];
    const origins = await Promise.all(names.map((name) => remoteListing(declared.filter((r) => r.remote === name))));
    const remotes = Object.fromEntries(names.map((name, i) => [name, `${origins[i]}/mf-manifest.json`]));
    return serve(() => [root], { config: { ...testConfig, remotes } });
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
      expect(answer.headers['content-security-policy']).toContain(
        `script-src 'self' ${earlyInputScriptSource()} ${hashOf(source)} http://127.0.0.1:`,
      );
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
      expect(answer.headers['content-security-policy']).toContain(`script-src 'self' ${earlyInputScriptSource()} http://127.0.0.1:`);
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('stays a file on a build without route areas (a remote on its own, a plain build)', async () => {
    const url = await serve(() => [builtApp()]);
    const html = (await request(`${url}/login`)).body.toString();
    expect(html).toContain(entryTag);
    expect(inlineScripts(html)).toEqual([]);
  });

  it('stays a file when its text could end the inline element, or when the file is missing', async () => {
    const closing = shellBuild();
    fs.writeFileSync(path.join(closing, HASHED), 'console.log("</script><script>alert(1)")');
    const missing = shellBuild();
    fs.rmSync(path.join(missing, HASHED));
    for (const root of [closing, missing]) {
      const url = await serveShell(root);
      const html = (await request(`${url}/login`)).body.toString();
      expect(html).toContain(entryTag);
      expect(inlineScripts(html)).toEqual([]);
    }
  });

  it('a page asked for again is sent at the best compression, the same HTML', async () => {
    const url = await serveShell(shellBuild());
    const plain = (await request(`${url}/login`)).body;
    const best = zlib.brotliCompressSync(plain, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    });
    const first = (await request(`${url}/login`, { headers: { 'Accept-Encoding': 'br' } })).body;
    expect(zlib.brotliDecompressSync(first)).toEqual(plain);
    let again = first;
    for (let i = 0; i < 50 && !again.equals(best); i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = (await request(`${url}/login`, { headers: { 'Accept-Encoding': 'br' } })).body;
    }
    expect(again.equals(best)).toBe(true);
  });
});

describe('files', () => {
  it('per-deployment names are revalidated, content-hashed ones cached for good, all open to other origins', async () => {
    const url = await serve(() => [builtApp()]);
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
    const url = await serve(() => [live, older]);
    const worker = await request(`${url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.body.toString()).toBe('/* worker of the live release */');
    // The live release has none: an older release's manifest is never served in its place.
    expect((await request(`${url}/manifest.webmanifest`)).status).toBe(404);
  });

  it('sends the pre-compressed copy to a browser that accepts it, labelled with the original type', async () => {
    const dir = builtApp();
    const url = await serve(() => [dir]);
    const compressed = await request(`${url}/${HASHED}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(compressed.body).toString()).toBe(fs.readFileSync(path.join(dir, HASHED), 'utf8'));
    const plain = await request(`${url}/${HASHED}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(fs.readFileSync(path.join(dir, HASHED), 'utf8'));
  });

  it('a compressed copy asked for by name is not found', async () => {
    const url = await serve(() => [builtApp()]);
    expect((await request(`${url}/${HASHED}.br`, { headers: { 'Accept-Encoding': 'br' } })).status).toBe(404);
  });

  it('a missing file, or one deleted under the running server, answers 404 and the server keeps serving', async () => {
    const dir = builtApp();
    const url = await serve(() => [dir]);
    expect((await request(`${url}/${HASHED}`)).status).toBe(200);
    fs.rmSync(path.join(dir, HASHED));
    fs.rmSync(path.join(dir, `${HASHED}.br`));
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
    expect((await request(`${url}/login`)).status).toBe(200);
    expect((await request(`${url}/remoteEntry.js`)).status).toBe(200);
  });

  it('source maps are not served unless configured', async () => {
    const dir = builtApp();
    expect((await request(`${await serve(() => [dir])}/${MAP}`)).status).toBe(404);
    expect((await request(`${await serve(() => [dir], { sourceMaps: true })}/${MAP}`)).status).toBe(200);
  });
});

describe('failures', () => {
  it('a request whose roots cannot be read answers 500, and the next one is served', async () => {
    const dir = builtApp();
    let fail = true;
    const url = await serve(async () => {
      if (fail) throw new Error('release store unreadable');
      return [dir];
    });
    expect((await request(`${url}/${HASHED}`)).status).toBe(500);
    expect((await request(`${url}/login`)).status).toBe(500);
    fail = false;
    expect((await request(`${url}/${HASHED}`)).status).toBe(200);
    expect((await request(`${url}/login`)).status).toBe(200);
  });
});

describe('HEAD', () => {
  it('answers as GET would: same status and headers, no body', async () => {
    const url = await serve(() => [builtApp()]);
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

describe('release roots', () => {
  it('per-deployment names come only from the live root, hashed files from the first root that has them', async () => {
    const live = distFolder({
      'index.html': page('new'),
      'remoteEntry.js': 'new entry',
      'new.22222222.js': 'new chunk',
    });
    const older = distFolder({
      'index.html': page('old'),
      'remoteEntry.js': 'old entry',
      'mf-manifest.json': '{"old":true}',
      'old.11111111.js': 'old chunk',
      'new.22222222.js': 'stale copy',
    });
    const url = await serve(() => [live, older]);
    expect((await request(`${url}/remoteEntry.js`)).body.toString()).toBe('new entry');
    expect((await request(`${url}/mf-manifest.json`)).status).toBe(404);
    expect((await request(`${url}/old.11111111.js`)).body.toString()).toBe('old chunk');
    expect((await request(`${url}/new.22222222.js`)).body.toString()).toBe('new chunk');
    expect((await request(`${url}/login`)).body.toString()).toContain('<title>new</title>');
  });

  it('a promotion (a new live root) shows at the next page load, without a restart', async () => {
    const first = builtApp('release one');
    const second = builtApp('release two');
    let roots = [first];
    const url = await serve(() => roots);
    expect((await request(`${url}/login`)).body.toString()).toContain('<title>release one</title>');
    roots = [second, first];
    expect((await request(`${url}/login`)).body.toString()).toContain('<title>release two</title>');
  });

  it('a rebuild in place (a new index.html) shows at the next page load', async () => {
    const dir = builtApp('before');
    const url = await serve(() => [dir]);
    expect((await request(`${url}/`)).body.toString()).toContain('<title>before</title>');
    fs.writeFileSync(path.join(dir, 'index.html'), page('after'));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dir, 'index.html'), later, later);
    expect((await request(`${url}/`)).body.toString()).toContain('<title>after</title>');
  });

  it('route areas written after the template (a rebuild in progress) are used at the next page load', async () => {
    const dir = builtApp();
    const kits = await remoteListing([route('/home', 'kits', './home', 'guest')]);
    const url = await serve(() => [dir], { config: { ...testConfig, remotes: { kits: `${kits}/mf-manifest.json` } } });
    const preloads = async () => (await request(`${url}/home`)).body.toString().match(/rel="preload"/g)?.length ?? 0;
    expect(await preloads()).toBe(0);
    fs.writeFileSync(path.join(dir, 'route-areas.json'), JSON.stringify({ apiClient: [] }));
    expect(await preloads()).toBe(1);
  });

  it('while a rebuild has removed index.html, pages keep the last good template', async () => {
    const dir = builtApp('last good');
    const url = await serve(() => [dir]);
    expect((await request(`${url}/login`)).status).toBe(200);
    fs.rmSync(path.join(dir, 'index.html'));
    const answer = await request(`${url}/login`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('<title>last good</title>');
  });
});

describe('pages drawn by the live releases', () => {
  /** A remote's release: its listing and its page, both naming the build's versioned entry. */
  function areaRelease(entry: string, module: string, html: string) {
    return distFolder({
      'remoteEntry.js': '/* entry */',
      [entry]: '/* entry */',
      'expose-chunks.json': JSON.stringify({
        entry,
        exposes: { [module]: [] },
        routes: declaredRoutes().filter((declared) => declared.module === module),
      }),
      'prerender.json': JSON.stringify({ entry, slotId: '_R_1c_', pages: { [module]: { html, css: '<style>.f{}</style>' } } }),
    });
  }

  const slot = '<template data-slot="portal-area-slot"></template>';
  const frame = (nav: string) => ({ html: `<nav>${nav}</nav><main><!--$-->${slot}<!--/$--></main>`, css: '', slotId: '_R_1c_' });
  const shellBuild = () =>
    distFolder({
      'index.html':
        '<!doctype html><html><head><script id=portal-config type="application/json">{}</script></head><body><div id=root><p>Loading…</p></div></body></html>',
      'route-areas.json': JSON.stringify({ apiClient: [] }),
      'prerender.json': JSON.stringify({
        slot,
        frames: { '/login': frame('Log in'), '/home': frame('Home Billing'), '/dashboard/:kitId': frame('Home Billing') },
      }),
    });
  /** The page's #root and the loading state kept after it. */
  const bodyOf = async (url: string) => (await request(url)).body.toString().match(/<body>([\s\S]*)<\/body>/)?.[1];
  const wait = () => new Promise((resolve) => setTimeout(resolve, 1_100));

  it("sends /login with the shell's frame around the live auth release's page, which a rollback changes", async () => {
    const releases = [
      areaRelease('remoteEntry.0a1b2c3d.js', './login', '<form>one</form>'),
      areaRelease('remoteEntry.4e5f6a7b.js', './login', '<form>two</form>'),
    ];
    let live = releases[1]!;
    const auth = await serve(() => [live]);
    const url = await serve(() => [shellBuild()], { config: { ...testConfig, remotes: { auth: `${auth}/remoteEntry.js` } } });

    expect(await bodyOf(`${url}/login`)).toBe(
      '<div id="root" data-prerendered="/login" data-session="none"><nav>Log in</nav><main><!--$--><form>two</form><!--/$--></main></div>' +
        '<div data-boot hidden><p>Loading…</p></div>',
    );
    live = releases[0]!;
    // The remote's listing is read again at most a second later (freshMs).
    await wait();
    expect(await bodyOf(`${url}/login`)).toContain('<form>one</form>');
  });

  it("sends /home and a kit's dashboard with the signed-in frame around the live kits release's page, which a release changes", async () => {
    const kitsRelease = (entry: string, heading: string) =>
      distFolder({
        'remoteEntry.js': '/* entry */',
        [entry]: '/* entry */',
        'expose-chunks.json': JSON.stringify({
          entry,
          exposes: { './home': [], './dashboard': [] },
          routes: declaredRoutes().filter((declared) => declared.remote === 'kits'),
        }),
        'prerender.json': JSON.stringify({
          entry,
          slotId: '_R_1c_',
          pages: { './home': { html: `<h1>${heading}</h1>`, css: '' }, './dashboard': { html: '<h1>Kit dashboard</h1>', css: '' } },
        }),
      });
    let live = kitsRelease('remoteEntry.0a1b2c3d.js', 'Home');
    const kits = await serve(() => [live]);
    const url = await serve(() => [shellBuild()], { config: { ...testConfig, remotes: { kits: `${kits}/remoteEntry.js` } } });

    expect(await bodyOf(`${url}/home`)).toBe(
      '<div id="root" data-prerendered="/home" data-session="customer"><nav>Home Billing</nav><main><!--$--><h1>Home</h1><!--/$--></main></div>' +
        '<div data-boot hidden><p>Loading…</p></div>',
    );
    // One frame for every kit's dashboard, marked with the route's pattern the shell matches.
    expect(await bodyOf(`${url}/dashboard/42`)).toContain(
      '<div id="root" data-prerendered="/dashboard/:kitId" data-session="customer"><nav>Home Billing</nav><main><!--$--><h1>Kit dashboard</h1>',
    );
    live = kitsRelease('remoteEntry.4e5f6a7b.js', 'Home, released again');
    await wait();
    expect(await bodyOf(`${url}/home`)).toContain('<h1>Home, released again</h1>');
  });

  it('a page a kits release adds is routed at the next page load, with no shell release', async () => {
    const kitsRoutes = declaredRoutes().filter((declared) => declared.remote === 'kits');
    let routes = kitsRoutes;
    const kits = await serve(() => [
      distFolder({ 'index.html': page('kits'), 'remoteEntry.js': '', 'expose-chunks.json': JSON.stringify({ exposes: {}, routes }) }),
    ]);
    const url = await serve(() => [shellBuild()], { config: { ...testConfig, remotes: { kits: `${kits}/remoteEntry.js` } } });
    const before = (await request(`${url}/kit-map`)).body.toString();
    expect(configIn(before)).toMatchObject({ routes: kitsRoutes });
    expect(before).not.toContain('rel="preload"');

    routes = [...kitsRoutes, route('/kit-map', 'kits', './kit-map', 'customer')];
    await wait();
    const after = (await request(`${url}/kit-map`)).body.toString();
    expect(configIn(after)).toMatchObject({ routes });
    expect(after).toContain(`<link rel="preload" as="script" href="${kits}/remoteEntry.js">`);
  });

  it("a frame drawn for another navbar than the live areas' routes draw is not used", async () => {
    const kitsRoutes = declaredRoutes().filter((declared) => declared.remote === 'kits');
    const entry = 'remoteEntry.0a1b2c3d.js';
    const kits = await serve(() => [
      distFolder({
        'index.html': page('kits'),
        'remoteEntry.js': '',
        [entry]: '',
        'expose-chunks.json': JSON.stringify({ entry, exposes: { './home': [] }, routes: kitsRoutes }),
        'prerender.json': JSON.stringify({ entry, slotId: '_R_1c_', pages: { './home': { html: '<h1>Home</h1>', css: '' } } }),
      }),
    ]);
    const shell = (signature: string) =>
      distFolder({
        'index.html':
          '<!doctype html><html><head><script id=portal-config type="application/json">{}</script></head><body><div id=root><p>Loading…</p></div></body></html>',
        'route-areas.json': JSON.stringify({ apiClient: [] }),
        'prerender.json': JSON.stringify({ slot, frames: { '/home': { ...frame('Home'), signature } } }),
      });
    const config = { config: { ...testConfig, remotes: { kits: `${kits}/remoteEntry.js` } } };
    const drawnFor = await serve(() => [shell(frameSignature(kitsRoutes, 'customer'))], config);
    expect(await bodyOf(`${drawnFor}/home`)).toContain('data-prerendered="/home"');
    const shop = { ...route('/shop', 'kits', './shop', 'customer'), nav: { label: 'Shop', audience: 'customer' as const, order: 1 } };
    const drawnForOthers = await serve(() => [shell(frameSignature([...kitsRoutes, shop], 'customer'))], config);
    expect(await bodyOf(`${drawnForOthers}/home`)).toBe('<div id=root><p>Loading…</p></div>');
  });
});
