// index.html per path: the runtime configuration written in, and the page's scripts preloaded.
import fs from 'node:fs/promises';
import path from 'node:path';
import { findRoute, frameAudience, frameSignature } from 'shared-api/routes';
import type { PortalConfig } from './config';
import { isScriptFileName, remoteEntryUrl, type ExposeChunkDirectory } from './expose-chunks';
import { composeDrawnPage, readShellPrerender, type ShellPrerender } from './prerender';
import { TOUCH_PRELOAD } from '../browser/touch-preload';
import { readEntryScript, type EntryScript } from './entry-script';
import { areaReleases } from './area-releases';

type Render = (config: PortalConfig) => string;

/**
 * dist/route-areas.json, written by the shell's build: the scripts of its API client. Only a shell's build has it:
 * its pages load the areas (whose routes come from their own live releases, `ExposeChunkDirectory.routes`).
 */
export type RouteAreas = {
  host: boolean;
  apiClient: string[];
};

// JSON inside a <script> element: escape what could close the element or start a comment.
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

// The HTML minifier may drop attribute quotes: match with or without them.
const CONFIG_BLOCK = /(<script\b[^>]*\bid=["']?portal-config["']?[^>]*>)[\s\S]*?(<\/script>)/;

/** index.html as a function of the runtime configuration written into it. */
export function templateFrom(html: string, file: string): Render {
  if (!CONFIG_BLOCK.test(html)) throw new Error(`${file} has no portal-config block`);
  return (config) =>
    html.replace(CONFIG_BLOCK, (_match, open: string, close: string) => `${open}${scriptSafeJson(config)}${close}`);
}

/** The route areas in `dir`; absent or unreadable means no preloads. */
export async function readRouteAreas(dir: string): Promise<RouteAreas> {
  try {
    const { apiClient } = JSON.parse(await fs.readFile(path.join(dir, 'route-areas.json'), 'utf8')) as {
      apiClient?: unknown;
    };
    return { host: true, apiClient: Array.isArray(apiClient) ? apiClient.filter(isScriptFileName) : [] };
  } catch {
    return { host: false, apiClient: [] };
  }
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

type Template = {
  key: string;
  render: Render;
  routeAreas: RouteAreas;
  frames: ShellPrerender | null;
  /** The entry script a first visit's page carries inline (entry-script.ts). */
  entry: EntryScript | null;
};

const mtimeOf = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.mtimeMs,
    () => null,
  );

/**
 * The live release's template, route areas and frames, read again when the live root, its index.html, its
 * route-areas.json or its prerender.json changes (two stats per page), so a promoted release or a rebuild shows at the next page load. A
 * template that cannot be read keeps the last good one: a build rewriting dist/ has not taken the portal away.
 */
export function liveTemplate() {
  let current: Template | null = null;
  return async (root: string): Promise<Template> => {
    const file = path.join(root, 'index.html');
    try {
      const [html, areas, frames] = await Promise.all([
        mtimeOf(file),
        mtimeOf(path.join(root, 'route-areas.json')),
        mtimeOf(path.join(root, 'prerender.json')),
      ]);
      if (html === null) throw new Error(`${file} is missing`);
      const key = `${root}\0${html}\0${areas}\0${frames}`;
      if (current?.key === key) return current;
      const [text, routeAreas, shellFrames] = await Promise.all([
        fs.readFile(file, 'utf8'),
        readRouteAreas(root),
        readShellPrerender(root),
      ]);
      // A shell build's pages only (it lists its route areas), like the preloads: the other builds this handler
      // serves are a remote's own page and the benchmark's anchors, plain builds served as built.
      const entry = routeAreas.host ? await readEntryScript(root, text) : null;
      current = { key, render: templateFrom(text, file), routeAreas, frames: shellFrames, entry };
    } catch (error) {
      if (!current) throw error;
    }
    return current;
  };
}

/**
 * The page for one path, with the runtime configuration naming every remote's versioned entry the server knows
 * (`remoteEntries`): a returning visitor's browser runs those from its cache without asking first. The route's
 * entry and the scripts of the page it exposes are preloaded with the HTML, so they download beside the shell's
 * own scripts instead of after them (on a slow network, each is one round trip fewer before the screen shows).
 * A customer's page also gets the API client preloaded: its first screen calls the API as soon as it renders. (A
 * visitor without a session is sent on to /login, where the client is needed to log in anyway.) A guest page
 * leaves the client to load when the visitor first touches the page (`TOUCH_PRELOAD`). Every page arrives drawn
 * (prerender.ts).
 */
export async function renderPage(
  { render, routeAreas: { host, apiClient }, frames }: Pick<Template, 'render' | 'routeAreas'> & Partial<Pick<Template, 'frames'>>,
  config: PortalConfig,
  directory: ExposeChunkDirectory,
  pathname: string,
  search = '',
): Promise<string> {
  // Only the shell's build has route-areas.json; a remote's own page loads no remotes.
  const names = host ? Object.keys(config.remotes ?? {}) : [];
  // The live areas' routes (each area's release lists its own); an address none matches may be a route a release
  // promoted a moment ago added, so the listings are read fresh before it counts as unknown.
  let routes = host ? await directory.routes() : [];
  let route = findRoute(routes, pathname);
  if (host && !route && pathname !== '/') {
    routes = await directory.routes({ waitIfStale: true });
    route = findRoute(routes, pathname);
  }
  const remote = route?.remote ?? null;
  // Every remote's versioned entry comes from a read made for this page, so no page names a build a release has
  // replaced; a remote the page may never open is waited for only briefly (else its configured entry), so that one
  // slow remote never holds up every page's HTML.
  const versioned = await Promise.all(
    names.map(async (name) => [name, await directory.versionedEntry(name, { brief: name !== remote })] as const),
  );
  const remoteEntries = Object.fromEntries(versioned.filter((pair): pair is [string, string] => !!pair[1]));
  const html = render({
    ...config,
    remoteEntries,
    ...(host ? { routes } : {}),
    ...(names.length > 0 ? { releases: areaReleases(config.remotes ?? {}) } : {}),
  });
  const configured = remote ? config.remotes?.[remote] : undefined;
  const entry = remote && configured ? (remoteEntries[remote] ?? remoteEntryUrl(configured)) : null;
  if (!route || !remote || !entry) return html;
  const pageScripts = typeof route.module === 'string' ? await directory.scripts(remote, route.module) : [];
  const clientScripts = apiClient.map((file) => `/${file}`);
  const customer = route.access === 'customer';
  const links = [entry, ...pageScripts, ...(customer ? clientScripts : [])].map(
    (href) => `<link rel="preload" as="script" href="${attr(href)}">`,
  );
  // A guest page names the client for the early-input script, which preloads it at the visitor's first touch:
  // that touch comes long before the shell's code runs on a slow network, and the form's submit needs the client.
  if (!customer && clientScripts.length > 0) links.push(`<meta name="${TOUCH_PRELOAD}" content="${attr(clientScripts.join(' '))}">`);
  const page = html.replace('</head>', `${links.join('')}</head>`);
  // The page arrives drawn: the live shell's frame around the live area's page (a customer's, its frame).
  const area = frames ? await directory.prerender(remote) : null;
  const session = route.access === 'customer' ? 'customer' : 'none';
  // A frame drawn for other routes (another navbar, or this route's chat link shown or not) would not hydrate as is.
  const frame = frames?.frames[route.path];
  const frameFits =
    frame !== undefined &&
    (frame.signature === undefined || frame.signature === frameSignature(routes, frameAudience(route))) &&
    (frame.chat ?? route.chat) === route.chat;
  return area && frames && frameFits
    ? composeDrawnPage(page, frames, area, { routePath: route.path, module: route.module, session, search })
    : page;
}
