// A route's page from index.html, as the site writes it (site.ts): the runtime configuration written in, the page's
// scripts preloaded, the page drawn.
import fs from 'node:fs/promises';
import path from 'node:path';
import { findRoute } from 'shared-api/routes';
import type { PortalConfig } from './config';
import { remoteEntryUrl, type ExposeChunkDirectory } from './expose-chunks';
import { composeDrawnPage, type ShellPrerender } from './prerender';
import { TOUCH_PRELOAD } from '../browser/touch-preload';
import { readEntryScript, type EntryScript } from './entry-script';
import { areaReleases } from './area-releases';

type Render = (config: PortalConfig) => string;

/**
 * What a release's pages load besides their own scripts: a shell build (the one with frames.cjs) loads the areas, and
 * a customer's page its API client, the chunk webpack names `http-client.<hash>.js` (shared-api's import of it names
 * the chunk), preloaded with the HTML.
 */
export type RouteAreas = { host: boolean; apiClient: string[] };

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

/** The route areas of the release in `dir`. */
export async function readRouteAreas(dir: string): Promise<RouteAreas> {
  const files = await fs.readdir(dir);
  return { host: files.includes('frames.cjs'), apiClient: files.filter((file) => /^http-client\.[0-9a-f]{8}\.js$/.test(file)) };
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

type Template = {
  render: Render;
  routeAreas: RouteAreas;
  frames: ShellPrerender | null;
  /** The entry script a first visit's page carries inline (entry-script.ts). */
  entry: EntryScript | null;
};

/** A release's template and route areas; `frames` are drawn by the site writer (prerender.ts, `drawFrames`). */
export async function readTemplate(root: string): Promise<Template> {
  const file = path.join(root, 'index.html');
  const [text, routeAreas] = await Promise.all([fs.readFile(file, 'utf8'), readRouteAreas(root)]);
  // A shell build's pages only (it lists its route areas), like the preloads: a remote's own page and the
  // benchmark's anchors are plain builds, written as built.
  const entry = routeAreas.host ? await readEntryScript(root, text) : null;
  return { render: templateFrom(text, file), routeAreas, frames: null, entry };
}

/**
 * The page for one path, with the runtime configuration naming every remote's live versioned entry
 * (`remoteEntries`): a returning visitor's browser runs those from its cache without asking first. The route's
 * entry and the scripts of the page it exposes are preloaded with the HTML, so they download beside the shell's
 * own scripts instead of after them (on a slow network, each is one round trip fewer before the screen shows).
 * A customer's page also gets the API client preloaded: its first screen calls the API as soon as it renders. (A
 * visitor without a session is sent on to /login, where the client is needed to log in anyway.) A guest page, and a
 * customer's page whose first calls the shell's entry makes by fetch (its route's `firstReads`), leave the client to
 * load when the visitor first touches the page (`TOUCH_PRELOAD`). Every page arrives drawn
 * (prerender.ts).
 */
export async function renderPage(
  { render, routeAreas: { host, apiClient }, frames }: Pick<Template, 'render' | 'routeAreas'> & Partial<Pick<Template, 'frames'>>,
  config: PortalConfig,
  directory: ExposeChunkDirectory,
  pathname: string,
  search = '',
): Promise<string> {
  // Only a shell's build loads the areas; a remote's own page loads no remotes.
  const names = host ? Object.keys(config.remotes ?? {}) : [];
  // The live areas' routes (each area's release lists its own).
  const routes = host ? await directory.routes() : [];
  const route = findRoute(routes, pathname);
  const remote = route?.remote ?? null;
  // Every remote's live versioned entry: the site is written again when a release changes what is live.
  const versioned = await Promise.all(names.map(async (name) => [name, await directory.versionedEntry(name)] as const));
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
  // A customer's page calls the API as it renders, unless its route names those calls (`firstReads`): the shell's
  // entry sends them by fetch, and the client waits for the first touch like a guest page's.
  const callsAtOnce = route.access === 'customer' && !route.firstReads?.length;
  const links = [entry, ...pageScripts, ...(callsAtOnce ? clientScripts : [])].map(
    (href) => `<link rel="preload" as="script" href="${attr(href)}">`,
  );
  // A guest page names the client for the early-input script, which preloads it at the visitor's first touch:
  // that touch comes long before the shell's code runs on a slow network, and the form's submit needs the client.
  if (!callsAtOnce && clientScripts.length > 0) links.push(`<meta name="${TOUCH_PRELOAD}" content="${attr(clientScripts.join(' '))}">`);
  const page = html.replace('</head>', `${links.join('')}</head>`);
  // The page arrives drawn: the live shell's frame around the live area's page (a customer's, its frame).
  const area = frames ? await directory.prerender(remote) : null;
  const session = route.access === 'customer' ? 'customer' : 'none';
  return area && frames
    ? composeDrawnPage(page, frames, area, { routePath: route.path, module: route.module, session, search })
    : page;
}
