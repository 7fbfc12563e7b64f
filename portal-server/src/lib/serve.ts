// `npm start`, `npm run serve` and the benchmark: the site written from the live releases, kept current as they change,
// and every app's origin served by this one process (production serves the same folder with nginx: serve-nginx.ts).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiProxyFromEnv, apps, configFromEnv, type AppName, type PortalConfig } from './config';
import { keepSiteCurrent } from './keep-site';
import { createSiteServer } from './site-server';

export type ServeOptions = {
  /** The shell's port; each remote listens on the next ones (default PORTAL_PORT or 3000). */
  basePort?: number;
  /** The host name of the addresses it answers with (default localhost); it listens on every interface. */
  host?: string;
  config?: PortalConfig;
  /** The API origin the shell's origin forwards /api/ to (default apiProxyFromEnv()). */
  apiProxy?: string | null;
  /** Where the site is written (default PORTAL_SERVE_DIR or `.serve/<port>` in the checkout; the site is its `site`). */
  dir?: string;
  /** Each app's release roots, live first (default: the release store's; the benchmark serves the `dist` folders). */
  rootsFor?: (app: AppName) => string[];
  log?: (message: string) => void;
};

export type PortalServers = { urls: Record<string, string>; config: PortalConfig; apiProxy: string | null; siteDir: string; close: () => Promise<void> };

/** Listens on every interface, IPv4 alone on a machine without IPv6; a taken port is one sentence with the fix. */
async function listen(server: FastifyInstance, port: number, app: AppName) {
  await server
    .listen({ port, host: '::' })
    .catch((error: NodeJS.ErrnoException) => (error.code === 'EAFNOSUPPORT' || error.code === 'EADDRNOTAVAIL' ? server.listen({ port, host: '0.0.0.0' }) : Promise.reject(error)))
    .catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EADDRINUSE' ? new Error(`Port ${port} (${app}) is taken, probably by a portal already running: stop it, or choose other ports with PORTAL_PORT.`) : error;
    });
}

export async function servePortal(options: ServeOptions = {}): Promise<PortalServers> {
  const env = process.env;
  const basePort = options.basePort ?? Number(env.PORTAL_PORT ?? 3000);
  const host = options.host ?? 'localhost';
  const config = options.config ?? configFromEnv(env, { host, basePort });
  const apiProxy = options.apiProxy === undefined ? apiProxyFromEnv(env) : options.apiProxy;
  const dir = options.dir ?? env.PORTAL_SERVE_DIR ?? path.resolve(__dirname, '..', '..', '..', '.serve', String(basePort));
  const siteDir = path.join(path.resolve(dir), 'site');
  const kept = await keepSiteCurrent({ dir: siteDir, config, log: options.log, rootsFor: options.rootsFor });
  const servers: FastifyInstance[] = [];
  const close = async () => {
    kept.stop();
    await Promise.all(servers.map((server) => server.close()));
  };
  try {
    for (const app of apps) {
      const server = await createSiteServer({
        siteDir,
        app: app.name,
        apiProxy: app.offset === 0 ? apiProxy : null,
        apiTimeoutMs: env.PORTAL_API_TIMEOUT_MS ? Number(env.PORTAL_API_TIMEOUT_MS) : undefined,
        sourceMaps: env.PORTAL_SERVE_SOURCE_MAPS === '1',
        log: options.log,
      });
      servers.push(server);
      await listen(server, basePort + app.offset, app.name);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { urls: Object.fromEntries(apps.map((a) => [a.name, `http://${host}:${basePort + a.offset}`])), config, apiProxy, siteDir, close };
}
