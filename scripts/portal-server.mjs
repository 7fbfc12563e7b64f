// Serves the production build: the shell and each remote on its own port, as they would be deployed
// (separately), with the runtime configuration written into every index.html.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const apps = [
  { name: 'shell', dir: 'shell', offset: 0 },
  { name: 'auth', dir: 'mfe-auth', offset: 1 },
  { name: 'kits', dir: 'mfe-kits', offset: 2 },
  { name: 'billing', dir: 'mfe-billing', offset: 3 },
  { name: 'profile', dir: 'mfe-profile', offset: 4 },
];

/** Runtime configuration from the environment; the browser validates it again (shared-api). */
export function configFromEnv(env = process.env, { host = 'localhost', basePort = 3000 } = {}) {
  const remote = (name, offset) =>
    env[`PORTAL_${name.toUpperCase()}_URL`] || `http://${host}:${basePort + offset}/mf-manifest.json`;
  return {
    apiBaseUrl: env.PORTAL_API_URL || 'http://localhost:4000',
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

function renderIndex(dir, config) {
  const file = path.join(dir, 'index.html');
  const html = fs.readFileSync(file, 'utf8');
  if (!/id=["']?portal-config/.test(html)) throw new Error(`${file} has no portal-config block`);
  return html.replace(
    // The HTML minifier may drop attribute quotes: match with or without them.
    /(<script\b[^>]*\bid=["']?portal-config["']?[^>]*>)[\s\S]*?(<\/script>)/,
    `$1${scriptSafeJson(config)}$2`,
  );
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

/** dist/route-areas.json, written by the shell's build: which remote draws each route. Absent: no preloads. */
function readRouteAreas(dir) {
  try {
    const { routes } = JSON.parse(fs.readFileSync(path.join(dir, 'route-areas.json'), 'utf8'));
    return Array.isArray(routes) ? routes : [];
  } catch {
    return [];
  }
}

function routeMatches(pattern, pathname) {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

const attr = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page for one path: the remote entry of the route's area is preloaded with the HTML, so it downloads
 * beside the shell's own scripts instead of after them (one round trip fewer on a slow network).
 */
function pageRenderer(index, routes, config) {
  const cache = new Map();
  return (pathname) => {
    const route = routes.find((r) => typeof r.path === 'string' && routeMatches(r.path, pathname));
    const configured = route && config.remotes?.[route.remote];
    const href = configured ? remoteEntryUrl(configured) : null;
    if (!href) return index;
    if (!cache.has(href)) cache.set(href, index.replace('</head>', `<link rel="preload" as="script" href="${attr(href)}"></head>`));
    return cache.get(href);
  };
}

const UNHASHED = /(^|\/)(remoteEntry\.js|mf-manifest\.json|mf-stats\.json|main\.js|index\.html)$/;

function setStaticHeaders(res, pathname) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Remote assets are fetched cross-origin by the shell; they are public and carry no credentials.
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (UNHASHED.test(pathname)) res.setHeader('Cache-Control', 'no-cache');
  else res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

export function createAppHandler(dir, config) {
  const page = pageRenderer(renderIndex(dir, config), readRouteAreas(dir), config);
  const csp = contentSecurityPolicy(config);
  const assets = sirv(dir, { brotli: true, gzip: true, etag: true, dev: false, setHeaders: setStaticHeaders });
  // Entries and manifests keep their names across deployments: read them from disk on every request (fresh
  // ETag), or a remote redeployed under a running server would keep answering 304 with the old entry.
  const entries = sirv(dir, { brotli: true, gzip: true, etag: true, dev: true, setHeaders: setStaticHeaders });
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const looksLikeFile = path.extname(url.pathname) !== '';
    if (req.method === 'GET' && (!looksLikeFile || url.pathname === '/index.html')) {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'X-Frame-Options': 'DENY',
      });
      res.end(page(url.pathname));
      return;
    }
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
      res.end('Not found');
    };
    if (UNHASHED.test(url.pathname)) entries(req, res, notFound);
    // A chunk added by a redeployment after start-up is not in the start-up cache: look on disk.
    else assets(req, res, () => entries(req, res, notFound));
  };
}

/**
 * @param {{ basePort?: number, host?: string, config?: object, only?: string[], quiet?: boolean }} [options]
 * @returns {Promise<{ urls: Record<string,string>, config: object, close: () => Promise<void> }>}
 */
export async function startPortalServers(options = {}) {
  const basePort = options.basePort ?? Number(process.env.PORTAL_PORT ?? 3000);
  const host = options.host ?? 'localhost';
  const config = options.config ?? configFromEnv(process.env, { host, basePort });
  const servers = [];
  const urls = {};
  for (const app of apps) {
    if (options.only && !options.only.includes(app.name)) continue;
    const dir = path.join(root, app.dir, 'dist');
    if (!fs.existsSync(path.join(dir, 'index.html'))) {
      throw new Error(`${app.dir} is not built: run \`npm run build\` first.`);
    }
    const server = http.createServer(createAppHandler(dir, config));
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(basePort + app.offset, resolve);
    });
    servers.push(server);
    urls[app.name] = `http://${host}:${basePort + app.offset}`;
  }
  return {
    urls,
    config,
    close: () => Promise.all(servers.map((s) => new Promise((resolve) => s.close(() => resolve())))).then(() => undefined),
  };
}
