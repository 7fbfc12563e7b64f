// One app's part of a written site (site.ts) served as files, as nginx serves it with deploy/nginx: its files by name,
// its pages by route from pages.json, the build's own .br/.gz copies as they are. Nothing is rendered, compressed or
// cached here, so a customer receives the same bytes from either (test/nginx.test.ts compares them).
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs/promises';
import path from 'node:path';
import { routeMatches } from 'shared-api/routes';
import type { AppName } from './config';
import type { SiteManifest, SitePage } from './site';
import { registerApiProxy } from './api-proxy';
import { UNHASHED, isDocumentPath, servableFile } from './static-files';

/** Headers must arrive within `headersMs`, the whole request (body included) within `requestMs` (nginx: portal-http.conf). */
export const SERVER_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000 };

export type SiteServerOptions = {
  /** The site folder (a symbolic link writeSite switches from one complete site to the next). */
  siteDir: string;
  app: AppName;
  /** Forward /api/ to this API origin (the shell only). */
  apiProxy?: string | null;
  /** How long the proxy waits for the API (default 30 s). */
  apiTimeoutMs?: number;
  /** Tests shorten them; the defaults are SERVER_TIMEOUTS. */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>;
  /** Serve .map files (PORTAL_SERVE_SOURCE_MAPS=1); off by default, so production code is not published readable. */
  sourceMaps?: boolean;
  /** Where request errors are reported (default console.error). */
  log?: (message: string) => void;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A short plain-text answer: the 404, 500 and 503 of every app (nginx's 404 is the same). */
const plainText = (reply: FastifyReply, status: number, text: string, headers: Record<string, string>) =>
  reply.code(status).header('Content-Type', 'text/plain; charset=utf-8').headers(headers).send(text);

const notFound = (reply: FastifyReply) =>
  plainText(reply, 404, 'Not found', { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', 'Access-Control-Allow-Origin': '*' });

const unavailable = (reply: FastifyReply) =>
  plainText(reply, 503, 'The portal is being updated. Please try again in a moment.', { 'Cache-Control': 'no-store', 'Retry-After': '5' });

/** Decoded path and query of a request URL, or null when the path is not valid percent-encoding. */
function addressOf(url: string): { pathname: string; query: URLSearchParams } | null {
  try {
    const parsed = new URL(url, 'http://localhost');
    return { pathname: decodeURIComponent(parsed.pathname), query: parsed.searchParams };
  } catch {
    return null;
  }
}

/** The page a document address answers: its route's (first match), else the app's page for every other address. */
export function pageFor(manifest: SiteManifest, pathname: string, query: URLSearchParams): { file: string; csp: string } | null {
  const page: SitePage | undefined =
    manifest.pages.find((p) => p.route !== null && routeMatches(p.route, pathname)) ?? manifest.pages.find((p) => p.route === null);
  if (!page) return null;
  // A page drawn only for some queries (a reset link's token): the drawn copy when the query carries it.
  const drawn = page.drawn && query.get(page.drawn.needs)?.trim() ? page.drawn.file : null;
  return { file: drawn ?? page.file, csp: page.csp };
}

/** pages.json of each complete site this process has served from, by its real folder (a written site never changes). */
function manifests(app: AppName) {
  const read = new Map<string, Promise<SiteManifest>>();
  return (site: string) => {
    let manifest = read.get(site);
    if (!manifest) {
      manifest = fs.readFile(path.join(site, app, 'pages.json'), 'utf8').then((text) => JSON.parse(text) as SiteManifest);
      manifest.catch(() => read.delete(site));
      // Only the newest two sites are on disk (writeSite keeps the one before the newest).
      if (read.size >= 4) read.delete(read.keys().next().value!);
      read.set(site, manifest);
    }
    return manifest;
  };
}

export async function createSiteServer(options: SiteServerOptions): Promise<FastifyInstance> {
  const { siteDir, app, sourceMaps = false, log = console.error } = options;
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const server = Fastify({
    logger: false,
    routerOptions: { ignoreDuplicateSlashes: true },
    return503OnClosing: true,
    // A slow client cannot hold a connection: Node answers 408 and closes it (checked every second).
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: 1000 },
    requestTimeout: timeouts.requestMs,
  });
  const manifestOf = manifests(app);

  // Only reply.sendFile is used, with the folder of the site live at that request.
  await server.register(fastifyStatic, {
    root: path.resolve('/'),
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
  });
  if (options.apiProxy) await registerApiProxy(server, { target: options.apiProxy, timeoutMs: options.apiTimeoutMs });

  server.setNotFoundHandler((_request, reply) => notFound(reply));
  server.setErrorHandler((error, request, reply) => {
    log(`portal-server: ${request.method} ${request.url} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (reply.sent) return;
    return plainText(reply, 500, 'Server error', { 'Cache-Control': 'no-store' });
  });

  server.get('/*', async (request, reply) => {
    const address = addressOf(request.url);
    // Without the proxy, /api/ is no page: an API client pointed here gets a 404, not the portal's HTML.
    if (address === null || address.pathname.startsWith('/api/')) return notFound(reply);
    // Resolved once per request: a site switched meanwhile serves this request whole from the one before.
    const site = await fs.realpath(siteDir).catch(() => null);
    if (site === null) return unavailable(reply);

    if (isDocumentPath(address.pathname)) {
      // An app with nothing live has no pages (as on nginx).
      const manifest = await manifestOf(site).catch(() => null);
      const page = manifest && pageFor(manifest, address.pathname, address.query);
      if (!page) return notFound(reply);
      reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', page.csp)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'strict-origin-when-cross-origin')
        .header('X-Frame-Options', 'DENY')
        .header('Vary', 'Accept-Encoding');
      return reply.sendFile(page.file, path.join(site, app, 'pages'));
    }

    const relative = servableFile(address.pathname, { sourceMaps });
    if (relative === null) return notFound(reply);
    reply
      .header('X-Content-Type-Options', 'nosniff')
      // Remote assets are fetched cross-origin by the shell; they are public and carry no credentials.
      .header('Access-Control-Allow-Origin', '*')
      // The same URL answers Brotli, gzip or plain bytes: a shared cache must key on what the browser accepts.
      .header('Vary', 'Accept-Encoding')
      .header('Cache-Control', UNHASHED.test(path.posix.basename(relative)) ? 'no-cache' : IMMUTABLE);
    return reply.sendFile(relative, path.join(site, app, 'files'));
  });

  return server;
}
