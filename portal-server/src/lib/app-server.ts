// One app's server (the shell or one remote): pages, static files and, for the shell, the API proxy.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import { contentSecurityPolicy, type PortalConfig } from './config';
import { exposeChunkDirectory } from './expose-chunks';
import { pageCompressor, pageEncoding } from './compress-page';
import { liveTemplate, renderPage } from './page';
import { carriesEntry, inlineEntry } from './entry-script';
import { registerApiProxy } from './api-proxy';
import { UNHASHED, isDocumentPath, rootHolding, servableFile } from './static-files';

export type AppServerOptions = {
  /** The release roots to serve from, asked per request: first the live release, then older retained ones. */
  roots: () => readonly string[] | Promise<readonly string[]>;
  /** The runtime configuration written into every page. */
  config: PortalConfig;
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

export type AppServer = {
  server: FastifyInstance;
  /** Reads every remote's listing now, so the first page names the versioned entries (the shell only). */
  warm: () => Promise<void>;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .header('Content-Type', 'text/plain; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Access-Control-Allow-Origin', '*')
    .send('Not found');
}

/** Decoded path of a request URL, or null when it is not valid percent-encoding. */
function pathnameOf(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return null;
  }
}

/** Headers must arrive within `headersMs`, the whole request (body included) within `requestMs`. */
export const SERVER_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000 };

export async function createAppServer(options: AppServerOptions): Promise<AppServer> {
  const { config, roots, sourceMaps = false, log = console.error } = options;
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const server = Fastify({
    logger: false,
    routerOptions: { ignoreDuplicateSlashes: true },
    return503OnClosing: true,
    // A slow client cannot hold a connection: Node answers 408 and closes it (checked every second).
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: 1000 },
    requestTimeout: timeouts.requestMs,
  });
  const csp = contentSecurityPolicy(config);
  const directory = exposeChunkDirectory(config);
  const template = liveTemplate();
  const compressPage = pageCompressor();

  // Only reply.sendFile is used: which root a file comes from is decided per request (rootHolding).
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
    log(
      `portal-server: ${request.method} ${request.url} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    if (reply.sent) return;
    return reply
      .code(500)
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send('Server error');
  });

  server.get('/*', async (request, reply) => {
    const pathname = pathnameOf(request.url);
    if (pathname === null) return notFound(reply);
    const current = await roots();
    const live = current[0];
    if (!live) return notFound(reply);

    // Without the proxy, /api/ is no page: an API client pointed here gets a 404, not the portal's HTML.
    if (pathname.startsWith('/api/')) return notFound(reply);
    if (isDocumentPath(pathname)) {
      let page: Awaited<ReturnType<typeof template>>;
      try {
        page = await template(live);
      } catch {
        return reply
          .code(503)
          .header('Content-Type', 'text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .header('Retry-After', '5')
          .send('The portal is being updated. Please try again in a moment.');
      }
      const drawn = await renderPage(page, config, directory, pathname, new URL(request.url, 'http://localhost').search);
      // A page a visitor without a session arrives at carries the entry inside it (entry-script.ts); the same for
      // every browser, so any cache may keep it.
      const entry = page.entry && carriesEntry(await directory.routes(), pathname) ? page.entry : null;
      const html = entry ? inlineEntry(drawn, entry) : drawn;
      const policy = entry && html !== drawn ? contentSecurityPolicy(config, [entry.cspSource]) : csp;
      const encoding = pageEncoding(request.headers['accept-encoding']);
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', policy)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'strict-origin-when-cross-origin')
        .header('X-Frame-Options', 'DENY')
        // The same URL answers Brotli, gzip or plain HTML: a shared cache must key on what the browser accepts.
        .header('Vary', 'Accept-Encoding');
      if (!encoding) return reply.send(html);
      return reply.header('Content-Encoding', encoding).send(await compressPage(html, encoding));
    }

    const relative = servableFile(pathname, { sourceMaps });
    const root = relative === null ? null : await rootHolding(relative, current);
    if (relative === null || root === null) return notFound(reply);
    reply
      .header('X-Content-Type-Options', 'nosniff')
      // Remote assets are fetched cross-origin by the shell; they are public and carry no credentials.
      .header('Access-Control-Allow-Origin', '*')
      // The same URL answers Brotli, gzip or plain bytes: a shared cache must key on what the browser accepts.
      .header('Vary', 'Accept-Encoding')
      .header('Cache-Control', UNHASHED.test(path.posix.basename(relative)) ? 'no-cache' : IMMUTABLE);
    return reply.sendFile(relative, root);
  });

  return {
    server,
    warm: async () => {
      // Only the shell's build lists route areas; a remote's own page names no remotes.
      const live = (await roots())[0];
      const page = live ? await template(live).catch(() => null) : null;
      if (page?.routeAreas.host) await directory.warm();
    },
  };
}
