// Serves the production build: the shell and each remote on its own port, as they would be deployed
// (separately), with the runtime configuration written into every index.html.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { require as tsRequire } from 'tsx/cjs/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @type {{ releaseRoots: (app: string) => string[] }} the release store (release/, TypeScript) */
const { releaseRoots } = tsRequire('../release/src/index.ts', import.meta.url);

export const apps = [
  { name: 'shell', dir: 'shell', offset: 0 },
  { name: 'auth', dir: 'mfe-auth', offset: 1 },
  { name: 'kits', dir: 'mfe-kits', offset: 2 },
  { name: 'billing', dir: 'mfe-billing', offset: 3 },
  { name: 'profile', dir: 'mfe-profile', offset: 4 },
];

const DEFAULT_API_URL = 'http://localhost:4000';

/**
 * PORTAL_API_SAME_ORIGIN=1: the shell's server forwards /api/ to PORTAL_API_URL and the browser calls the API on
 * the page's own origin. A cross-origin call with a bearer token costs a CORS preflight (one more round trip, 400 ms
 * on a slow mobile network) for every new URL; a same-origin one never does.
 */
export function apiProxyFromEnv(env = process.env) {
  return env.PORTAL_API_SAME_ORIGIN === '1' ? env.PORTAL_API_URL || DEFAULT_API_URL : null;
}

/** Runtime configuration from the environment; the browser validates it again (shared-api). */
export function configFromEnv(env = process.env, { host = 'localhost', basePort = 3000 } = {}) {
  const remote = (name, offset) =>
    env[`PORTAL_${name.toUpperCase()}_URL`] || `http://${host}:${basePort + offset}/mf-manifest.json`;
  return {
    // '/' is the page's own origin (shared-api resolves it), whatever host name the customer used to reach it.
    apiBaseUrl: apiProxyFromEnv(env) ? '/' : env.PORTAL_API_URL || DEFAULT_API_URL,
    remotes: Object.fromEntries(apps.filter((a) => a.offset > 0).map((a) => [a.name, remote(a.name, a.offset)])),
    chatUrl: env.PORTAL_CHAT_URL || 'https://wa.me/2348000000000',
    bank: {
      bankName: env.PORTAL_BANK_NAME || 'Demo Bank',
      accountNumber: env.PORTAL_BANK_ACCOUNT_NUMBER || '0123456789',
      accountName: env.PORTAL_BANK_ACCOUNT_NAME || 'Starlink Kits Reseller Ltd',
    },
    onlinePaymentUrl: env.PORTAL_ONLINE_PAYMENT_URL || '#',
  };
}

/**
 * The settings still on their placeholders that customers would see: a demo bank account to pay into, a chat
 * number nobody answers. Start-up names them, so a deployment never shows them to a paying customer unnoticed.
 */
export function placeholderSettings(env = process.env) {
  return ['PORTAL_BANK_NAME', 'PORTAL_BANK_ACCOUNT_NUMBER', 'PORTAL_BANK_ACCOUNT_NAME', 'PORTAL_CHAT_URL'].filter(
    (name) => !env[name],
  );
}

/** The start-up warning for `placeholderSettings`, or null when every one is set. */
export function placeholderWarning(env = process.env) {
  const names = placeholderSettings(env);
  if (names.length === 0) return null;
  return `  Demo values in use, shown to customers: set ${names.join(', ')} before real customers pay (README, "Runtime configuration").`;
}

function origin(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Exactly the configured remote and API origins, nothing else. */
export function contentSecurityPolicy(config) {
  const remoteOrigins = [...new Set(Object.values(config.remotes).map(origin).filter(Boolean))];
  const api = origin(config.apiBaseUrl);
  return [
    "default-src 'self'",
    `script-src 'self' ${remoteOrigins.join(' ')}`.trim(),
    `connect-src 'self' ${[...remoteOrigins, api].filter(Boolean).join(' ')}`.trim(),
    // styled-components injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

// JSON inside a <script> element: escape what could close the element or start a comment.
function scriptSafeJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** index.html as a function of the runtime configuration written into it (per page: see pageRenderer). */
function indexTemplate(dir) {
  const file = path.join(dir, 'index.html');
  const html = fs.readFileSync(file, 'utf8');
  // The HTML minifier may drop attribute quotes: match with or without them.
  const block = /(<script\b[^>]*\bid=["']?portal-config["']?[^>]*>)[\s\S]*?(<\/script>)/;
  if (!block.test(html)) throw new Error(`${file} has no portal-config block`);
  return (config) => html.replace(block, (_match, open, close) => `${open}${scriptSafeJson(config)}${close}`);
}

/** The remote entry a configured remote URL stands for (the shell does the same: remote-loader.ts). */
export function remoteEntryUrl(configured) {
  try {
    const url = new URL(configured);
    return url.pathname.endsWith('.json') ? new URL('remoteEntry.js', url).href : url.href;
  } catch {
    return null;
  }
}

/**
 * dist/route-areas.json, written by the shell's build: which remote draws each route and who may see it, and the
 * shell's API client scripts. Absent or unreadable: no preloads.
 */
function readRouteAreas(dir) {
  try {
    const { routes, apiClient } = JSON.parse(fs.readFileSync(path.join(dir, 'route-areas.json'), 'utf8'));
    return {
      routes: Array.isArray(routes) ? routes : [],
      apiClient: Array.isArray(apiClient) ? apiClient.filter(isScriptFileName) : [],
    };
  } catch {
    return { routes: [], apiClient: [] };
  }
}

/** A chunk file name as the builds write them: no path, no query, nothing to escape. */
function isScriptFileName(value) {
  return typeof value === 'string' && /^[\w.-]+\.js$/.test(value);
}

function routeMatches(pattern, pathname) {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

const attr = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What each remote's build lists in its dist/expose-chunks.json, read over HTTP from beside its entry (a remote
 * deploys on its own, so only it knows its file names): the scripts each page needs beyond the entry, and the
 * entry's versioned copy. A listing older than maxAgeMs is read again before it is used, so a redeployed remote
 * never has its old build named for long; an unreachable remote or a bad listing means no preloads and the
 * configured entry, never a slower or broken page. A read that fails keeps the last good listing (a remote
 * too busy to answer in timeoutMs has not lost its files) and is tried again after retryMs, not maxAgeMs.
 */
export function exposeChunkDirectory(config, { maxAgeMs = 5_000, timeoutMs = 300, retryMs = 1_000 } = {}) {
  const known = new Map();
  const reading = new Map();
  const entryOf = (remote) => {
    const configured = config.remotes?.[remote];
    return configured ? remoteEntryUrl(configured) : null;
  };
  const read = (remote, entry, timeout = timeoutMs) => {
    if (!reading.has(remote)) {
      const done = (async () => {
        let listing = null;
        try {
          const res = await fetch(new URL('expose-chunks.json', entry), { signal: AbortSignal.timeout(timeout) });
          const body = res.ok ? await res.json() : null;
          if (body && typeof body.exposes === 'object' && body.exposes !== null) {
            listing = { exposes: body.exposes, entry: isScriptFileName(body.entry) ? body.entry : null };
          }
        } catch {
          // Unreachable, too slow or not a listing: handled below.
        }
        if (listing) known.set(remote, { at: Date.now(), ...listing });
        else {
          const last = known.get(remote) ?? { exposes: {}, entry: null };
          known.set(remote, { ...last, at: Date.now() - maxAgeMs + Math.min(retryMs, maxAgeMs) });
        }
        reading.delete(remote);
      })();
      reading.set(remote, done);
    }
    return reading.get(remote);
  };
  /**
   * The remote's configured entry URL and its current listing, read again when stale. With `waitIfStale` false, a
   * stale listing is used as it is while a fresh one is read for the next page (only a first read is waited for).
   */
  const current = async (remote, { waitIfStale = true } = {}) => {
    const entry = entryOf(remote);
    if (!entry) return null;
    const listing = known.get(remote);
    if (!listing) await read(remote, entry);
    else if (Date.now() - listing.at > maxAgeMs) {
      const refreshed = read(remote, entry);
      if (waitIfStale) await refreshed;
    }
    return { entry, listing: known.get(remote) };
  };
  return {
    /**
     * Read every remote's listing now, allowing `timeout` ms each: at start-up, so the first visitor's page does not
     * wait for the reads, nor, on a machine still busy starting, go without the versioned entries.
     */
    async warm(timeout = 3_000) {
      const remotes = Object.keys(config.remotes ?? {});
      await Promise.all(remotes.map((remote) => entryOf(remote) && read(remote, entryOf(remote), timeout)));
    },
    /** Absolute URLs of the scripts `module` (such as "./home") of `remote` loads after its entry. */
    async scripts(remote, module) {
      const found = await current(remote);
      const files = found?.listing?.exposes[module];
      if (!Array.isArray(files)) return [];
      return files.filter(isScriptFileName).map((f) => new URL(f, found.entry).href);
    },
    /**
     * Absolute URL of the remote's versioned entry (remoteEntry.<hash>.js), or null when it lists none. Pass
     * `{ waitIfStale: false }` for a remote the page may never open: a slow remote then costs the page nothing.
     */
    async versionedEntry(remote, options) {
      const found = await current(remote, options);
      return found?.listing?.entry ? new URL(found.listing.entry, found.entry).href : null;
    },
  };
}

/**
 * The page for one path, with the runtime configuration naming every remote's versioned entry the server knows
 * (`remoteEntries`): a returning visitor's browser runs those from its cache without asking first. The route's
 * entry and the scripts of the page it exposes are preloaded with the HTML, so they download beside the shell's
 * own scripts instead of after them (on a slow network, each is one round trip fewer before the screen shows).
 * A customer's page also gets the API client preloaded: its first screen calls the API as soon as it renders. (A
 * visitor without a session is sent on to /login, where the client is needed to log in anyway.) A guest page
 * leaves the client to load when the visitor first touches the form.
 */
function pageRenderer(render, { routes, apiClient }, config, directory) {
  // Only the shell's build has route-areas.json; a remote's own page loads no remotes.
  const names = routes.length > 0 ? Object.keys(config.remotes ?? {}) : [];
  return async (pathname) => {
    const route = routes.find((r) => typeof r.path === 'string' && routeMatches(r.path, pathname));
    // The route's own remote is read fresh, so a redeployed area is named by its new build; the others may be a few
    // seconds stale (the loader falls back to the configured entry if a named file is gone), so that one slow
    // remote never holds up every page's HTML.
    const versioned = await Promise.all(
      names.map(async (name) => [name, await directory.versionedEntry(name, { waitIfStale: name === route?.remote })]),
    );
    const remoteEntries = Object.fromEntries(versioned.filter(([, url]) => url));
    const html = render({ ...config, remoteEntries });
    const configured = route && config.remotes?.[route.remote];
    const entry = configured ? (remoteEntries[route.remote] ?? remoteEntryUrl(configured)) : null;
    if (!entry) return html;
    const pageScripts = typeof route.module === 'string' ? await directory.scripts(route.remote, route.module) : [];
    const clientScripts = route.access === 'customer' ? apiClient.map((file) => `/${file}`) : [];
    const links = [entry, ...pageScripts, ...clientScripts].map(
      (href) => `<link rel="preload" as="script" href="${attr(href)}">`,
    );
    return html.replace('</head>', `${links.join('')}</head>`);
  };
}

const UNHASHED = /(^|\/)(remoteEntry\.js|mf-manifest\.json|mf-stats\.json|expose-chunks\.json|main\.js|index\.html)$/;

function setStaticHeaders(res, pathname) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Remote assets are fetched cross-origin by the shell; they are public and carry no credentials.
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (UNHASHED.test(pathname)) res.setHeader('Cache-Control', 'no-cache');
  else res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

// Hop-by-hop headers belong to one connection and are never forwarded (RFC 9110, section 7.6.1).
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/**
 * Forwards a request to the API unchanged but for the connection headers. X-Forwarded-For is replaced, never
 * appended to, so a client cannot choose the address the API's rate limits count it under (the API trusts it
 * only from this server: TRUST_PROXY).
 */
export function createApiProxy(target) {
  const upstream = new URL(target);
  const transport = upstream.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true });
  const handler = (req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    for (const name of HOP_BY_HOP) delete headers[name];
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-proto'] = 'http';
    const forwarded = transport.request(
      {
        agent,
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port || undefined,
        method: req.method,
        path: req.url,
        headers,
      },
      (answer) => {
        const out = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete out[name];
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      // The API is down or unreachable. No message of ours: the portal shows the spec's own text for a failed call.
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(502, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end('{}');
      }
    });
    // A customer who leaves mid-request (a closed tab, a lost signal) frees the API connection too.
    res.on('close', () => {
      if (!res.writableFinished) forwarded.destroy();
    });
    req.pipe(forwarded);
  };
  handler.close = () => agent.destroy();
  return handler;
}

/**
 * @param {string | (() => string[])} source a built package's dist folder, or the folders of its releases (live
 *   first, then older ones newest first: release/'s releaseRoots), asked again on every request
 * @param {object} config the runtime configuration written into its index.html
 * @param {{ apiProxy?: string | null }} [options] forward /api/ to this API origin (the shell only)
 */
export function createAppHandler(source, config, { apiProxy = null } = {}) {
  const rootsOf = typeof source === 'function' ? source : () => [source];
  const proxy = apiProxy ? createApiProxy(apiProxy) : null;
  const directory = exposeChunkDirectory(config);
  // A release folder never changes: its page template, route list and file list are read once.
  const perRoot = new Map();
  const served = (dir) => {
    if (!perRoot.has(dir)) {
      const routeAreas = readRouteAreas(dir);
      perRoot.set(dir, {
        routeAreas,
        page: pageRenderer(indexTemplate(dir), routeAreas, config, directory),
        assets: sirv(dir, { brotli: true, gzip: true, etag: true, dev: false, setHeaders: setStaticHeaders }),
        // A dist folder rebuilt in place keeps its entries' names: read those from disk on every request.
        entries: sirv(dir, { brotli: true, gzip: true, etag: true, dev: true, setHeaders: setStaticHeaders }),
      });
    }
    return perRoot.get(dir);
  };
  const csp = contentSecurityPolicy(config);
  const handler = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (proxy && url.pathname.startsWith('/api/')) return proxy(req, res);
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
      res.end('Not found');
    };
    const roots = rootsOf();
    if (roots.length === 0) return notFound();
    for (const dir of perRoot.keys()) if (!roots.includes(dir)) perRoot.delete(dir);
    const live = served(roots[0]);
    const looksLikeFile = path.extname(url.pathname) !== '';
    if (req.method === 'GET' && (!looksLikeFile || url.pathname === '/index.html')) {
      void live.page(url.pathname).then((html) => {
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-cache',
          'Content-Security-Policy': csp,
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'strict-origin-when-cross-origin',
          'X-Frame-Options': 'DENY',
        });
        res.end(html);
      });
      return;
    }
    // Unhashed names from the live release only; a hashed file from the first release that has it, so a page
    // served before a promotion still gets the chunks it names.
    if (UNHASHED.test(url.pathname)) return live.entries(req, res, notFound);
    const tryRoot = (i) => {
      if (i >= roots.length) return notFound();
      const { assets, entries } = served(roots[i]);
      // A chunk added by a rebuild of a dist folder after start-up is not in the start-up file list: look on disk.
      assets(req, res, () => entries(req, res, () => tryRoot(i + 1)));
    };
    tryRoot(0);
  };
  // Drops the proxy's idle keep-alive connections to the API, which would otherwise hold the process open.
  handler.close = () => proxy?.close();
  // Only the shell's pages name remotes (a remote's build has no route-areas.json).
  handler.warm = () => {
    const roots = rootsOf();
    return roots.length > 0 && served(roots[0]).routeAreas.routes.length > 0 ? directory.warm() : Promise.resolve();
  };
  return handler;
}

/**
 * Every app's build added to the release store and, when new, made live (release/src/cli.ts sync): a developer's
 * `npm start` or `npm run serve` shows the latest build. A release the version contract refuses is reported and
 * the app stays on its live release.
 */
export function releaseBuilds() {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, [path.join(root, 'release', 'src', 'cli.ts'), 'sync'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) console.warn('  Some builds were not made live (above): the portal serves their live releases.');
}

/**
 * @param {{ basePort?: number, host?: string, config?: object, apiProxy?: string | null, only?: string[] }} [options]
 *   apiProxy: the API origin the shell's server forwards /api/ to (default: apiProxyFromEnv()).
 * @returns {Promise<{ urls: Record<string,string>, config: object, close: () => Promise<void> }>}
 */
export async function startPortalServers(options = {}) {
  const basePort = options.basePort ?? Number(process.env.PORTAL_PORT ?? 3000);
  const host = options.host ?? 'localhost';
  const config = options.config ?? configFromEnv(process.env, { host, basePort });
  const apiProxy = options.apiProxy === undefined ? apiProxyFromEnv() : options.apiProxy;
  const servers = [];
  const urls = {};
  for (const app of apps) {
    if (options.only && !options.only.includes(app.name)) continue;
    // The live release and the retained ones (PORTAL_RELEASES_DIR); an app never released is served from its dist.
    const dist = path.join(root, app.dir, 'dist');
    const roots = () => {
      const released = releaseRoots(app.name);
      return released.length > 0 ? released : [dist];
    };
    if (!fs.existsSync(path.join(roots()[0], 'index.html'))) {
      throw new Error(`${app.dir} is not built: run \`npm run build\` first.`);
    }
    const handler = createAppHandler(roots, config, { apiProxy: app.offset === 0 ? apiProxy : null });
    const server = http.createServer(handler);
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(basePort + app.offset, resolve);
    });
    servers.push({ server, handler });
    urls[app.name] = `http://${host}:${basePort + app.offset}`;
  }
  // Once every server listens: the shell's first page then names the remotes' versioned entries at once.
  await Promise.all(servers.map(({ handler }) => handler.warm()));
  return {
    urls,
    config,
    apiProxy,
    close: () =>
      Promise.all(
        servers.map(({ server, handler }) => {
          handler.close();
          return new Promise((resolve) => server.close(() => resolve()));
        }),
      ).then(() => undefined),
  };
}
