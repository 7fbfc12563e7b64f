// The site written as files and served by Debian's nginx with deploy/nginx, against `npm start`'s static server on the
// same site: what a customer receives must be the same bytes, and nginx must answer as the Node server does.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createSiteServer } from '../src/lib/site-server';
import { API_UNREACHABLE_MESSAGE, apps, type AppName, type PortalConfig } from '../src/lib/config';
import { writeNginxConfig, type NginxOptions } from '../src/lib/nginx-config';
import { writeSite } from '../src/lib/site';
import { HASHED, freePorts, page, request, type RawAnswer } from './support/fixtures';

const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
// CI installs nginx (.ci/run); a machine without it cannot run these, and says so.
const describeWithNginx = nginxBinary ? describe : describe.skip;
if (!nginxBinary) console.warn('nginx.test.ts skipped: install nginx and libnginx-mod-http-brotli-static');

const VERSIONED = 'remoteEntry.0a1b2c3d.js';
const PAGE_CODE = 'home.1a2b3c4d.js';
const OLDER_CODE = 'home.9f8e7d6c.js';
const home = { path: '/home', remote: 'kits', module: './home', areaLabel: 'Home', access: 'customer', chat: true };
const login = { path: '/login', remote: 'kits', module: './login', areaLabel: 'Log in', access: 'guest', chat: true };

const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A world-readable folder (nginx's workers run as another user when the tests run as root). */
function folder(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-test-'));
  fs.chmodSync(dir, 0o755);
  closers.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  return dir;
}

describeWithNginx('the site on nginx', () => {
  let node: { shell: string; kits: string };
  let served: { shell: string; kits: string };
  let siteDir: string;
  let api: http.Server;
  let nginx: ChildProcess;
  let confFile: string;
  let nginxOptions: NginxOptions;
  /** The site written again with another shell build (a new entry inlined in the guest pages). */
  let rewrite: (shellCode: string) => Promise<string>;

  beforeAll(async () => {
    // The port after nginx's last app is free: an API instance that is down.
    const [nodePorts, nginxPorts] = [await freePorts(apps.length), await freePorts(apps.length + 1)];
    const config: PortalConfig = {
      apiBaseUrl: 'http://api.example.test',
      // The pages name the remote by its Node server: both servers' pages then name the same files.
      remotes: { kits: `http://127.0.0.1:${nodePorts + 2}/mf-manifest.json` },
      chatUrl: 'https://wa.me/2348000000000',
      bank: { bankName: 'Demo Bank', accountNumber: '0123456789', accountName: 'Reseller Ltd' },
      onlinePaymentUrl: '#',
    };
    const shellCode = `console.log("the shell");`.repeat(40);
    const shellFiles = { 'index.html': page('portal'), 'frames.cjs': 'exports.prerender = async () => null;' };
    const roots: Partial<Record<AppName, string[]>> = {
      shell: [folder({ ...shellFiles, [HASHED]: shellCode, [`${HASHED}.br`]: zlib.brotliCompressSync(shellCode) })],
      kits: [
        folder({
          'index.html': page('kits'),
          'remoteEntry.js': '/* the kits entry */',
          [VERSIONED]: '/* the kits entry */',
          [PAGE_CODE]: '/* home */',
          'mf-manifest.json': '{}',
          'expose-chunks.json': JSON.stringify({
            entry: VERSIONED,
            exposes: { './home': [PAGE_CODE] },
            routes: [home, login],
          }),
        }),
        // A retained older release: its hashed files still answer (a page served before the promotion names them),
        // its per-deployment names never do.
        folder({ 'remoteEntry.js': '/* the older kits entry */', [OLDER_CODE]: '/* the older home */' }),
      ],
    };
    const rootsFor = (app: AppName) => roots[app] ?? [];

    // Two API instances: one down (nothing listens), one answering with what it was sent.
    api = http.createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ url: req.url, forwardedFor: req.headers['x-forwarded-for'], host: req.headers.host }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => api.close(resolve)));
    const apiUpstreams = [
      `http://127.0.0.1:${nginxPorts + apps.length}`,
      `http://127.0.0.1:${(api.address() as { port: number }).port}`,
    ];

    const runDir = folder({});
    fs.mkdirSync(path.join(runDir, 'tmp'));
    siteDir = path.join(runDir, 'site');
    rewrite = (shellCode: string) =>
      writeSite({
        dir: siteDir,
        config,
        rootsFor: (app) => (app === 'shell' ? [folder({ ...shellFiles, [HASHED]: shellCode, [`${HASHED}.br`]: zlib.brotliCompressSync(shellCode) })] : rootsFor(app)),
      });
    await writeSite({ dir: siteDir, config, rootsFor });
    const servers: FastifyInstance[] = [];
    for (const app of ['kits', 'shell'] as const) {
      const server = await createSiteServer({ siteDir, app });
      await server.listen({ port: nodePorts + (app === 'shell' ? 0 : 2), host: '127.0.0.1' });
      servers.push(server);
    }
    closers.push(() => Promise.all(servers.map((s) => s.close())));
    node = { shell: `http://127.0.0.1:${nodePorts}`, kits: `http://127.0.0.1:${nodePorts + 2}` };
    confFile = path.join(runDir, 'nginx.conf');
    nginxOptions = { siteDir, runDir, basePort: nginxPorts, apiUpstreams };
    writeNginxConfig(confFile, nginxOptions);
    nginx = spawn(nginxBinary!, ['-p', runDir, '-c', confFile, '-e', 'stderr'], {
      stdio: 'inherit',
    });
    closers.push(
      () =>
        new Promise((resolve) => {
          nginx.once('exit', resolve);
          nginx.kill('SIGQUIT');
        }),
    );
    served = { shell: `http://127.0.0.1:${nginxPorts}`, kits: `http://127.0.0.1:${nginxPorts + 2}` };
    for (let tries = 0; ; tries++) {
      const up = await request(served.shell).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (tries > 50) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  const body = ({ body, headers }: RawAnswer) =>
    headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(body)
      : headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(body)
        : body;

  it.each([
    ['a customer page', 'shell', '/home'],
    ["a guest page (the shell's entry inside it)", 'shell', '/login'],
    ['an unknown address', 'shell', '/no-such-page'],
    ['a hashed file', 'shell', `/${HASHED}`],
    ["a remote's entry", 'kits', '/remoteEntry.js'],
    ["the releases' pointer document", 'shell', '/releases.json'],
  ] as const)(
    '%s: the same bytes and headers from nginx as from `npm start`\'s server, however the browser accepts them',
    async (_what, app, url) => {
      for (const accept of ['', 'gzip', 'br, gzip']) {
        const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
        const fromNginx = await request(`${served[app]}${url}`, { headers });
        const fromNode = await request(`${node[app]}${url}`, { headers });
        expect(fromNginx.status).toBe(200);
        expect(fromNginx.status).toBe(fromNode.status);
        // The bytes sent, compressed or not: both send the site's own files.
        expect(fromNginx.body.equals(fromNode.body)).toBe(true);
        expect(body(fromNginx).toString()).toBe(body(fromNode).toString());
        for (const name of [
          'content-type',
          'cache-control',
          'content-security-policy',
          'x-content-type-options',
          'x-frame-options',
          'referrer-policy',
          'access-control-allow-origin',
          'vary',
          'content-encoding',
        ])
          expect([name, fromNginx.headers[name]]).toEqual([name, fromNode.headers[name]]);
      }
    },
  );

  it("the releases' pointer document is revalidated by both: no-cache, and a 304 for the validator they sent", async () => {
    for (const origin of [served.shell, node.shell]) {
      const first = await request(`${origin}/releases.json`);
      expect(first.headers['cache-control']).toBe('no-cache');
      const validator = first.headers.etag as string;
      expect(validator).toBeTruthy();
      expect((await request(`${origin}/releases.json`, { headers: { 'if-none-match': validator } })).status).toBe(304);
    }
  });

  it("writes each route's page with the remote's live build: its versioned entry and page code preloaded", async () => {
    const customer = body(await request(`${served.shell}/HOME/`)).toString();
    expect(customer).toContain(`<link rel="preload" as="script" href="${node.kits}/${VERSIONED}">`);
    expect(customer).toContain(`<link rel="preload" as="script" href="${node.kits}/${PAGE_CODE}">`);
    const guest = await request(`${served.shell}/login`);
    expect(body(guest).toString()).toContain('console.log("the shell");');
    expect(guest.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+'/);
  });

  it("serves a retained release's hashed files, but the per-deployment names only from the live release", async () => {
    const older = await request(`${served.kits}/${OLDER_CODE}`);
    expect([older.status, older.headers['cache-control'], older.body.toString()]).toEqual([
      200,
      'public, max-age=31536000, immutable',
      '/* the older home */',
    ]);
    expect((await request(`${served.kits}/remoteEntry.js`)).body.toString()).toBe('/* the kits entry */');
  });

  it('answers a page only for an address without an extension, in any letter case and with trailing slashes', async () => {
    for (const address of ['/home', '/HOME', '/home//'])
      expect((await request(`${served.shell}${address}`)).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await request(`${served.shell}/home/page.js`)).status).toBe(404);
    expect((await request(`${served.shell}/home.txt`)).status).toBe(404);
  });

  it('sends the build’s own Brotli copy as it is, and never a .br file by its name', async () => {
    const brotli = await request(`${served.shell}/${HASHED}`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toEqual(fs.readFileSync(path.join(siteDir, 'shell', 'files', `${HASHED}.br`)));
    expect((await request(`${served.shell}/${HASHED}.br`)).status).toBe(404);
  });

  it('answers HEAD as GET, without a body, and a missing file with a plain 404', async () => {
    const head = await request(`${served.shell}/home`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-security-policy']).toContain("default-src 'self'");
    expect(head.body).toHaveLength(0);
    const missing = await request(`${served.kits}/missing.0a1b2c3d.js`);
    expect([missing.status, missing.headers['content-type'], missing.body.toString()]).toEqual([
      404,
      'text/plain; charset=utf-8',
      'Not found',
    ]);
    expect((await request(`${served.kits}/api/v1/anything`)).status).toBe(404);
  });

  it("a new site and nginx's reload: until then the site before, whole, each page allowed by its own CSP", async () => {
    const inlineHash = (html: string) => {
      const source = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
      return `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
    };
    const guest = async () => {
      const answer = await request(`${served.shell}/login`);
      return { html: answer.body.toString(), csp: answer.headers['content-security-policy'] ?? '' };
    };
    const before = await guest();
    expect(before.csp).toContain(inlineHash(before.html));

    await rewrite('console.log("the next shell");');
    // Not reloaded yet: the page before with its CSP, never the new page under the old CSP.
    expect(await guest()).toEqual(before);

    writeNginxConfig(confFile, nginxOptions);
    nginx.kill('SIGHUP');
    let after = await guest();
    for (let tries = 0; tries < 50 && after.html === before.html; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await guest();
    }
    expect(after.html).toContain('console.log("the next shell");');
    expect(after.csp).toContain(inlineHash(after.html));
  });

  it("forwards the shell's /api/ to an API instance that answers, with the client's address replacing X-Forwarded-For", async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await request(`${served.shell}/api/v1/kits?page=2`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString())).toMatchObject({
        url: '/api/v1/kits?page=2',
        forwardedFor: '127.0.0.1',
      });
    }
  });

  it("answers the portal's message, never cached, when no API instance can be reached", async () => {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
    const answer = await request(`${served.shell}/api/v1/kits`);
    expect(answer.status).toBe(502);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.body.toString())).toEqual({ message: API_UNREACHABLE_MESSAGE });
  });
});
