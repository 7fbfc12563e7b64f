// Starts each app's server (site-server.ts, serving its part of a written site) in its own child process and starts
// again any that stops.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiProxyFromEnv, apps, configFromEnv, type AppName, type PortalConfig } from './lib/config';
import type { FromWorker, WorkerOptions } from './lib/messages';
import { keepSiteCurrent } from './lib/keep-site';

const workerFile = path.join(__dirname, 'worker.ts');
// The worker is TypeScript (CommonJS): tsx's require hook alone compiles it, at a fraction of its full loader's
// start-up cost, which five processes starting at once on a busy machine would pay five times.
const tsxRequireHook = require.resolve('tsx/cjs');

export type StartOptions = {
  /** The site folder the servers serve (`writeSite`, kept current by `keepSiteCurrent`). */
  siteDir: string;
  /** The shell's port; each remote listens on the next ones (default PORTAL_PORT or 3000). */
  basePort?: number;
  /** The host name of the addresses it answers with (default localhost). */
  host?: string;
  /** The address the servers listen on (default :: , every interface). */
  listenHost?: string;
  /** The configuration the site was written with (default configFromEnv()), for what start-up scripts print. */
  config?: PortalConfig;
  /** The API origin the shell's server forwards /api/ to (default apiProxyFromEnv()). */
  apiProxy?: string | null;
  /** How long the proxy waits for the API (default PORTAL_API_TIMEOUT_MS or 30 s). */
  apiTimeoutMs?: number;
  /** Serve .map files (default PORTAL_SERVE_SOURCE_MAPS=1). */
  sourceMaps?: boolean;
  /** Start only these apps. */
  only?: AppName[];
  /** Where restarts are reported (default console.error). */
  log?: (message: string) => void;
};

export type PortalServers = {
  urls: Record<string, string>;
  config: PortalConfig;
  apiProxy: string | null;
  /** The process id of each app's server now (a restarted one has a new id). */
  pids: () => Partial<Record<AppName, number>>;
  close: () => Promise<void>;
};

// A server that stops again soon after a restart waits longer each time, up to MAX_RESTART_DELAY_MS.
const RESTART_DELAY_MS = 250;
const MAX_RESTART_DELAY_MS = 5_000;
// How often a first start is tried before the command gives up, saying why.
const INITIAL_ATTEMPTS = 3;

/** A server that could not listen on its port: trying again would not help. */
class ListenFailure extends Error {}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startPortalServers(options: StartOptions): Promise<PortalServers> {
  const env = process.env;
  const basePort = options.basePort ?? Number(env.PORTAL_PORT ?? 3000);
  const host = options.host ?? 'localhost';
  const config = options.config ?? configFromEnv(env, { host, basePort });
  const apiProxy = options.apiProxy === undefined ? apiProxyFromEnv(env) : options.apiProxy;
  const apiTimeoutMs =
    options.apiTimeoutMs ?? (env.PORTAL_API_TIMEOUT_MS ? Number(env.PORTAL_API_TIMEOUT_MS) : undefined);
  const sourceMaps = options.sourceMaps ?? env.PORTAL_SERVE_SOURCE_MAPS === '1';
  const log = options.log ?? console.error;
  const chosen = apps.filter((a) => !options.only || options.only.includes(a.name));

  let closing = false;
  const children = new Map<AppName, ChildProcess>();

  for (const app of chosen) {
    if (!fs.existsSync(path.join(options.siteDir, app.name, 'pages.json'))) {
      throw new Error(`${app.dir} has no pages in ${options.siteDir}: nothing of it is live (\`npm run build\`, then \`npm start\` or \`npm run release -w ${app.dir}\` and \`npm run promote -w ${app.dir}\`).`);
    }
  }

  /** Starts `app`'s process; resolves once it listens, rejects if it stops before. */
  const spawn = (app: (typeof apps)[number], restarts = 0): Promise<ChildProcess> => {
    const workerOptions: WorkerOptions = {
      app: app.name,
      port: basePort + app.offset,
      host: options.listenHost ?? '::',
      apiProxy: app.offset === 0 ? apiProxy : null,
      apiTimeoutMs,
      sourceMaps,
      siteDir: options.siteDir,
    };
    const child = fork(workerFile, [], {
      execArgv: ['--require', tsxRequireHook],
      env: { ...env, PORTAL_SERVER_WORKER: JSON.stringify(workerOptions) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.set(app.name, child);
    const startedAt = Date.now();
    let listening = false;
    child.once('exit', (code, signal) => {
      if (closing || !listening) return;
      // A server that ran a while before stopping starts again at once; one that keeps stopping is slowed down.
      const again = Date.now() - startedAt > MAX_RESTART_DELAY_MS ? 0 : restarts + 1;
      log(`portal-server: the ${app.name} server stopped (${signal ?? `exit ${code}`}); starting it again.`);
      restart(app, again);
    });
    return new Promise((resolve, reject) => {
      let failure: Error = new Error(`the ${app.name} server stopped while starting`);
      child.on('message', (message: FromWorker) => {
        if (message.type === 'failed') failure = new ListenFailure(`the ${app.name} server could not start: ${message.message}`);
        if (message.type === 'listening') {
          listening = true;
          resolve(child);
        }
      });
      child.once('exit', () => {
        if (!listening) reject(failure);
      });
    });
  };

  /** Starts `app` again after a delay growing with `restarts`, and again whenever a start fails, until it listens. */
  const restart = (app: (typeof apps)[number], restarts: number) => {
    setTimeout(
      () => {
        if (closing) return;
        Promise.resolve()
          .then(() => spawn(app, restarts))
          .catch((error: unknown) => {
            if (closing) return;
            log(`portal-server: ${error instanceof Error ? error.message : String(error)}; trying again.`);
            restart(app, restarts + 1);
          });
      },
      Math.min(RESTART_DELAY_MS * 2 ** restarts, MAX_RESTART_DELAY_MS),
    );
  };

  /**
   * The first start of `app`: a process that dies while starting is started again (INITIAL_ATTEMPTS in all); one
   * that cannot listen (its port is taken) is reported at once, as no retry would change that.
   */
  const start = async (app: (typeof apps)[number]): Promise<ChildProcess> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await spawn(app, attempt);
      } catch (error) {
        if (closing || error instanceof ListenFailure || attempt + 1 >= INITIAL_ATTEMPTS) throw error;
        log(`portal-server: ${error instanceof Error ? error.message : String(error)}; starting it again.`);
        await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS * 2 ** attempt));
      }
    }
  };

  const close = async () => {
    closing = true;
    await Promise.all(
      [...children.values()].map((child) => {
        child.kill('SIGTERM');
        return exited(child);
      }),
    );
  };

  try {
    await Promise.all(chosen.map((app) => start(app)));
  } catch (error) {
    await close();
    throw error;
  }

  return {
    urls: Object.fromEntries(chosen.map((a) => [a.name, `http://${host}:${basePort + a.offset}`])),
    config,
    apiProxy,
    pids: () => Object.fromEntries([...children].map(([name, child]) => [name, child.pid])),
    close,
  };
}

export type ServeOptions = Omit<StartOptions, 'siteDir'> & {
  /** Where the site is written (default PORTAL_SERVE_DIR or `<tmp>/portal-serve-<port>`; the site is its `site`). */
  dir?: string;
  /** Each app's release roots, live first (default: the release store's; the benchmark serves the `dist` folders). */
  rootsFor?: (app: AppName) => string[];
};

/**
 * What `npm start` and `npm run serve` run: the site written from the release store's live releases, kept current
 * as releases are promoted or rolled back, and served by the five servers.
 */
export async function servePortal(options: ServeOptions = {}): Promise<PortalServers & { siteDir: string }> {
  const env = process.env;
  const basePort = options.basePort ?? Number(env.PORTAL_PORT ?? 3000);
  const config = options.config ?? configFromEnv(env, { host: options.host ?? 'localhost', basePort });
  const dir = path.resolve(options.dir ?? env.PORTAL_SERVE_DIR ?? path.join(os.tmpdir(), `portal-serve-${basePort}`));
  const siteDir = path.join(dir, 'site');
  const kept = await keepSiteCurrent({ dir: siteDir, config, log: options.log, rootsFor: options.rootsFor });
  try {
    const { rootsFor: _roots, dir: _dir, ...start } = options;
    const portal = await startPortalServers({ ...start, basePort, config, siteDir });
    return {
      ...portal,
      siteDir,
      close: async () => {
        kept.stop();
        await portal.close();
      },
    };
  } catch (error) {
    kept.stop();
    throw error;
  }
}
