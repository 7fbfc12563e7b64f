// The production path: a promotion put onto a bucket (a folder here, served as a CDN would serve it) in uploadSite's
// order while a browser (Debian's Chromium) loads pages after every object: no page ever asks for a file that is
// not there yet, and every page draws.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { AppName, PortalConfig } from '../src/lib/config';
import { writeSite, type SiteManifest } from '../src/lib/site';
import { uploadPlan, uploadSite, type UploadStep } from '../src/lib/upload';
import { distFolder, page, removeFolders, testConfig } from './support/fixtures';

const login = { path: '/login', remote: 'kits', module: './login', areaLabel: 'Log in', access: 'guest', chat: true };
const dashboard = { ...login, path: '/dashboard/:kitId', module: './dashboard', access: 'customer' };

/**
 * A shell build: its entry reads the runtime configuration written into the page and loads the kits build the page
 * names, as the real shell loads a remote's versioned entry.
 */
const shellBuild = (hash: string) =>
  distFolder({
    'index.html': `<!doctype html><html><head><title>portal</title><script id=portal-config type="application/json">{}</script><script defer src="/main.${hash}.js"></script></head><body><div id=root></div></body></html>`,
    'route-areas.json': '{"apiClient":[]}',
    [`main.${hash}.js`]: `if (!window.shellStarted) {
  window.shellStarted = true;
  var config = JSON.parse(document.getElementById('portal-config').textContent);
  window.drawnBy = 'shell ${hash}';
  var entry = document.createElement('script');
  entry.src = config.remoteEntries.kits;
  document.head.append(entry);
}`,
  });

/** A kits build: its versioned entry loads the page's chunk, which draws the page. */
const kitsBuild = (hash: string) =>
  distFolder({
    'index.html': page(`kits ${hash}`),
    'remoteEntry.js': `/* kits ${hash} */`,
    [`remoteEntry.${hash}.js`]: `var chunk = document.createElement('script');
chunk.src = new URL('page.${hash}.js', document.currentScript.src).href;
document.head.append(chunk);`,
    [`page.${hash}.js`]: `var drawn = document.createElement('p');
drawn.id = 'drawn';
drawn.textContent = window.drawnBy + ', kits ${hash}';
document.getElementById('root').append(drawn);`,
    'expose-chunks.json': JSON.stringify({
      entry: `remoteEntry.${hash}.js`,
      exposes: { './login': [`page.${hash}.js`], './dashboard': [`page.${hash}.js`] },
      routes: [login, dashboard],
    }),
  });

/** The route a page file answers, as deploy/nginx matches it: `:name` is one segment. */
const matches = (route: string, pathname: string) =>
  new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}/?$`, 'i').test(pathname);

/** One origin of the bucket behind a CDN: files by name, pages by `pages.json`, 404 for anything else. */
function bucketOrigin(bucket: string, app: AppName, missing: string[]) {
  return http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://bucket');
    const appDir = path.join(bucket, app);
    const manifestFile = path.join(appDir, 'pages.json');
    const send = (file: string, type: string, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*', ...headers });
      res.end(fs.readFileSync(file));
    };
    if (!path.extname(pathname) && fs.existsSync(manifestFile)) {
      const { pages } = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as SiteManifest;
      const page = pages.find((p) => p.route !== null && matches(p.route, pathname)) ?? pages.find((p) => p.route === null);
      const file = page && path.join(appDir, 'pages', page.file);
      if (file && fs.existsSync(file)) return send(file, 'text/html', { 'Content-Security-Policy': page.csp });
    }
    const file = path.join(appDir, 'files', path.normalize(pathname));
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return send(file, pathname.endsWith('.js') ? 'text/javascript' : 'application/json');
    if (pathname !== '/favicon.ico') missing.push(`${app}${pathname}`);
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  });
}

const listen = (server: http.Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

let browser: Browser;
const servers: http.Server[] = [];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
});

afterAll(async () => {
  await browser?.close();
  for (const server of servers) server.close();
  removeFolders();
});

/** A bucket holding the portal with shell and kits build A, served on two origins, and the site of build B. */
async function promotion() {
  const bucket = distFolder({});
  const missing: string[] = [];
  const shellServer = bucketOrigin(bucket, 'shell', missing);
  const kitsServer = bucketOrigin(bucket, 'kits', missing);
  servers.push(shellServer, kitsServer);
  const [shellUrl, kitsUrl] = await Promise.all([listen(shellServer), listen(kitsServer)]);
  const config: PortalConfig = { ...testConfig, remotes: { kits: `${kitsUrl}/mf-manifest.json` } };
  const [shellA, kitsA, shellB, kitsB] = [shellBuild('aaaa1111'), kitsBuild('aaaa2222'), shellBuild('bbbb1111'), kitsBuild('bbbb2222')];
  const site = (roots: Partial<Record<AppName, string[]>>) =>
    writeSite({ dir: path.join(distFolder({}), 'site'), config, rootsFor: (app) => roots[app] ?? [] });
  await uploadSite(await site({ shell: [shellA], kits: [kitsA] }), bucket);
  // Both apps promoted at once, the builds before retained (as the release store keeps them).
  const next = await site({ shell: [shellB, shellA], kits: [kitsB, kitsA] });
  return { bucket, missing, shellUrl, next };
}

/** Loads `url` (nothing is cached: the origins answer `no-store`) and says what it drew, or why not. */
async function load(url: string): Promise<string> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A CSP refusal says so here; a failed request is in the responses (the browser's own favicon request is not).
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  try {
    await page.goto(url);
    const drawn = await page.locator('#drawn').textContent({ timeout: 3000 }).catch(() => 'nothing drawn');
    return errors.length > 0 ? `${drawn} (${errors.join('; ')})` : (drawn ?? 'nothing drawn');
  } finally {
    await page.close();
  }
}

// About 26 page loads, each a second or two on a busy machine.
jest.setTimeout(240_000);

it('a promotion put in upload order keeps every page whole while it goes up', async () => {
  const { bucket, missing, shellUrl, next } = await promotion();
  expect(await load(`${shellUrl}/login`)).toBe('shell aaaa1111, kits aaaa2222');
  const seen = new Set<string>();
  const steps = (await uploadSite(next, bucket, {
    async afterEach(step: UploadStep) {
      // This origin answers the originals only (a CDN picks a compressed copy by Accept-Encoding).
      if (/\.(br|gz)$/.test(step.key)) return;
      // The guest page (the shell's entry inline) and a customer's page (the entry as a file), after every object.
      for (const address of ['/login', '/dashboard/k1']) {
        const drawn = await load(`${shellUrl}${address}`);
        seen.add(drawn);
        expect({ after: `${step.app}/${step.key}`, address, drawn }).toEqual({
          after: `${step.app}/${step.key}`,
          address,
          drawn: expect.stringMatching(/^shell (aaaa|bbbb)1111, kits (aaaa|bbbb)2222$/),
        });
      }
    },
  })).map(({ app, key }) => `${app}/${key}`);
  expect(missing).toEqual([]);
  // The new hashed files went first and the shell's pages last; the pages switched to build B during the upload.
  expect(steps.at(-1)).toBe('shell/pages.json');
  expect(steps[0]).toMatch(/^(shell|kits)\/files\/.*bbbb/);
  expect(steps.indexOf('kits/files/remoteEntry.js')).toBeLessThan(steps.indexOf('shell/pages.json'));
  expect(seen).toContain('shell bbbb1111, kits bbbb2222');
  expect(await load(`${shellUrl}/login`)).toBe('shell bbbb1111, kits bbbb2222');
});

it('the same promotion put in the reverse order shows a page that asks for a missing file', async () => {
  const { bucket, missing, shellUrl, next } = await promotion();
  // The shell's pages and pages.json first: what the order above prevents, and the check above would see.
  const shellPages = ({ app, key }: UploadStep) => app === 'shell' && key.startsWith('pages');
  const plan = uploadPlan(next, bucket);
  for (const step of [...plan.filter(shellPages), ...plan.filter((step) => !shellPages(step))]) {
    fs.mkdirSync(path.dirname(path.join(bucket, step.app, step.key)), { recursive: true });
    fs.writeFileSync(path.join(bucket, step.app, step.key), step.body);
    if (step.key === 'pages.json' && step.app === 'shell') break;
  }
  expect(await load(`${shellUrl}/dashboard/k1`)).toMatch(/^nothing drawn \(404 .*bbbb/);
  expect(missing.length).toBeGreaterThan(0);
});
