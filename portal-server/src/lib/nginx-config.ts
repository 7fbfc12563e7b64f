// deploy/nginx's templates filled in for one site folder and set of ports: the only logic is which location answers
// which page (pages.json, written with the site).
import fs from 'node:fs';
import path from 'node:path';
import { apps, API_UNREACHABLE_MESSAGE } from './config';
import type { SiteManifest, SitePage } from './site';

export const DEPLOY_DIR = path.resolve(__dirname, '../../../deploy/nginx');
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export type NginxOptions = {
  siteDir: string;
  /** Where nginx keeps its pid and temporary files (its prefix). */
  runDir: string;
  /** The shell's port; each remote listens on the next ones, as under `npm run serve`. */
  basePort: number;
  /** The API instances `/api/` is forwarded to (the shell only), or none: `/api/` is then a 404. */
  apiUpstreams?: readonly string[];
  deployDir?: string;
  brotliModule?: string;
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);

/** nginx's quoted strings: a backslash escapes the quote. */
const quoted = (text: string, quote: '"' | "'") => text.replace(/\\/g, '\\\\').replaceAll(quote, `\\${quote}`);

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The addresses a page answers, as shared-api's `routeMatches` finds them (static segments in any letter case, `:name`
 * one non-empty segment, trailing slashes ignored), and only addresses without an extension (`isDocumentPath`).
 */
export function pageMatch(route: string | null): string {
  const noExtension = '(?!.*/[^/]+\\.[^/]*$)';
  if (route === null) return `~ "^${noExtension}"`;
  const segments = route
    .replace(/\/+$/, '')
    .split('/')
    .slice(1)
    .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegex(part)));
  return `~* "^${noExtension}/${segments.join('/')}/*$"`;
}

const argument = (needs: string) => needs.replace(/\W/g, '');

/**
 * `$portal_drawn_<name>`: the drawn variant's suffix when the query's `<name>` is not empty, as the Node server reads it
 * (a value of nothing but spaces counts as empty).
 */
const queryMap = (needs: string) =>
  `  map $arg_${argument(needs)} $portal_drawn_${argument(needs)} {\n    "~[^+ %]|%[^2]|%2[^0]" ".drawn";\n    default "";\n  }\n`;

/** The page's file; for a page drawn only for some queries, its name with the query's suffix (site.ts names it so). */
const fileOf = (page: SitePage) =>
  page.drawn
    ? page.file.replace(/\.html$/, `$portal_drawn_${argument(page.drawn.needs)}.html`)
    : page.file;

export function nginxConfigFor(options: NginxOptions, manifests: readonly SiteManifest[]): string {
  const deployDir = options.deployDir ?? DEPLOY_DIR;
  const read = (name: string) => fs.readFileSync(path.join(deployDir, name), 'utf8');
  const [main, server, api, pageLocation] = ['nginx.conf.template', 'app-server.conf.template', 'api-location.conf.template', 'page-location.conf.template'].map(read) as [string, string, string, string];
  const common = { SITE_DIR: options.siteDir, DEPLOY_DIR: deployDir };
  const upstreams = options.apiUpstreams ?? [];
  const servers = apps.map(({ name, offset }) => {
    const manifest = manifests.find((m) => m.app === name);
    // The route pages first: nginx takes the first regular expression that matches, and the fallback matches them all.
    const pages = [...(manifest?.pages ?? [])].sort((a, b) => Number(a.route === null) - Number(b.route === null));
    const locations = pages.flatMap((page) => {
      const values = { ...common, APP: name, CSP: quoted(page.csp, '"'), FILE: fileOf(page) };
      const located = [fill(pageLocation, { ...values, MATCH: pageMatch(page.route) })];
      if (page.route === null) located.push(fill(pageLocation, { ...values, MATCH: '= /index.html' }));
      return located;
    });
    const apiBlock =
      offset === 0 && upstreams.length > 0
        ? fill(api, { ...common, API_HOST: new URL(upstreams[0]!).host, API_UNREACHABLE_MESSAGE: quoted(API_UNREACHABLE_MESSAGE, "'") })
        : '    location ^~ /api/ {\n      return 404;\n    }';
    return fill(server, { ...common, APP: name, PORT: String(options.basePort + offset), API: apiBlock, PAGES: locations.join('\n') });
  });
  // nginx OSS has no active health checks: an instance that fails to answer is left out for fail_timeout, then tried
  // again with real traffic; the load balancer in front of production asks the API's readiness route instead.
  const upstream =
    upstreams.length > 0
      ? `  upstream portal_api {\n${upstreams.map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=10s;`).join('\n')}\n    keepalive 16;\n  }\n`
      : '';
  return fill(main, {
    ...common,
    RUN_DIR: options.runDir,
    BROTLI_MODULE: options.brotliModule ?? BROTLI_MODULE,
    QUERY_MAPS: [...new Set(manifests.flatMap((m) => m.pages.flatMap((p) => (p.drawn ? [p.drawn.needs] : []))))].map(queryMap).join(''),
    UPSTREAM: upstream,
    SERVERS: servers.join('\n'),
  });
}

/**
 * Writes nginx's configuration for the site written last into `file`: its pages' locations and CSPs come from the site's
 * `pages.json`, and it names the site's own folder, not the link, so until nginx reloads it serves the site before
 * (kept until the next write), whole, each page with its own CSP.
 */
export function writeNginxConfig(file: string, options: NginxOptions): void {
  const manifests = apps.flatMap((a): SiteManifest[] => {
    const pages = path.join(options.siteDir, a.name, 'pages.json');
    return fs.existsSync(pages) ? [JSON.parse(fs.readFileSync(pages, 'utf8')) as SiteManifest] : [];
  });
  fs.writeFileSync(file, nginxConfigFor({ ...options, siteDir: fs.realpathSync(options.siteDir) }, manifests));
}
