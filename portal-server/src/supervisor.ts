// Starts each app's server in its own child process and starts again any that stops.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiProxyFromEnv, apps, configFromEnv, type AppName, type PortalConfig } from './lib/config';
import type { FromWorker, ToWorker, WorkerOptions } from './lib/messages';

const repoRoot = path.resolve(__dirname, '..', '..');
const workerFile = path.join(__dirname, 'worker.ts');
// The worker is TypeScript (CommonJS): tsx's require hook alone compiles it, at a fraction of its full loader's
// start-up cost, which five processes starting at once on a busy machine would pay five times.
const tsxRequireHook = require.resolve('tsx/cjs');

export type StartOptions = {
  /** The shell's port; each remote listens on the next ones (default PORTAL_PORT or 3000). */
  basePort?: number;
  /** The host name the configured remote URLs use (default localhost). */
  host?: string;
  /** The address the servers listen on (default :: , every interface). */
  listenHost?: string;
  config?: PortalConfig;
  /** The API origin the shell's server forwards /api/ to (default apiProxyFromEnv()). */
  apiProxy?: string | null;
  /** How long the proxy waits for the API (default PORTAL_API_TIMEOUT_MS or 30 s). */
  apiTimeoutMs?: number;
  /** Serve .map files (default PORTAL_SERVE_SOURCE_MAPS=1). */
  sourceMaps?: boolean;
  /** Start only these apps. */
  only?: AppName[];
  /**
   * Each app's release roots, asked for every request: first the live release, then older retained ones
   * (default: the app's dist folder alone).
   */
  rootsFor?: (app: AppName) => string[];
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

export const defaultRoots = (app: AppName): string[] => {
  const { dir } = apps.find((a) => a.name === app)!;
  return [path.join(repoRoot, dir, 'dist')];
};

// A server that stops again soon after a restart waits longer each time, up to MAX_RESTART_DELAY_MS.
const RESTART_DELAY_MS = 250;
const MAX_RESTART_DELAY_MS = 5_000;
const WARM_TIMEOUT_MS = 5_000;
// How often a first start is tried before the command gives up, saying why.
const INITIAL_ATTEMPTS = 3;

/** A server that could not listen on its port: trying again would not help. */
class ListenFailure extends Error {}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startPortalServers(options: StartOptions = {}): Promise<PortalServers> {
  const env = process.env;
  const basePort = options.basePort ?? Number(env.PORTAL_PORT ?? 3000);
  const host = options.host ?? 'localhost';
  const config = options.config ?? configFromEnv(env, { host, basePort });
  const apiProxy = options.apiProxy === undefined ? apiProxyFromEnv(env) : options.apiProxy;
  const apiTimeoutMs =
    options.apiTimeoutMs ?? (env.PORTAL_API_TIMEOUT_MS ? Number(env.PORTAL_API_TIMEOUT_MS) : undefined);
  const sourceMaps = options.sourceMaps ?? env.PORTAL_SERVE_SOURCE_MAPS === '1';
  const rootsFor = options.rootsFor ?? defaultRoots;
  const log = options.log ?? console.error;
  const chosen = apps.filter((a) => !options.only || options.only.includes(a.name));

  let closing = false;
  const children = new Map<AppName, ChildProcess>();

  // The last roots each app got, kept while rootsFor cannot answer (a damaged release store): a server keeps serving
  // the last good live release and never falls back to anything else. What is wrong is said once, not per request.
  const lastGood = new Map<AppName, string[]>();
  const reported = new Map<AppName, string>();
  const rootsOf = (app: AppName): string[] => {
    try {
      const roots = rootsFor(app);
      lastGood.set(app, roots);
      if (reported.delete(app)) log(`portal-server: the ${app} server's roots can be read again.`);
      return roots;
    } catch (error) {
      const kept = lastGood.get(app);
      if (!kept) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (reported.get(app) !== message) {
        reported.set(app, message);
        log(`portal-server: the ${app} server's roots could not be read (${message}); it keeps serving ${kept[0]}.`);
      }
      return kept;
    }
  };

  for (const app of chosen) {
    const live = rootsOf(app.name)[0];
    if (!live || !fs.existsSync(path.join(live, 'index.html'))) {
      throw new Error(`${app.dir} is not built: run \`npm run build\` first.`);
    }
  }

  const answerRoots = (app: AppName, child: ChildProcess, id: number) => {
    let roots: string[];
    try {
      roots = rootsOf(app);
    } catch {
      return; // Never read: the worker keeps the roots it started with.
    }
    if (child.connected) child.send({ type: 'roots', id, roots } satisfies ToWorker);
  };

  /** Starts `app`'s process; resolves once it listens, rejects if it stops before. */
  const spawn = (app: (typeof apps)[number], restarts = 0): Promise<ChildProcess> => {
    const workerOptions: WorkerOptions = {
      app: app.name,
      port: basePort + app.offset,
      host: options.listenHost ?? '::',
      config,
      apiProxy: app.offset === 0 ? apiProxy : null,
      apiTimeoutMs,
      sourceMaps,
      roots: rootsOf(app.name),
    };
    const child = fork(workerFile, [], {
      execArgv: ['--require', tsxRequireHook],
      env: { ...env, PORTAL_SERVER_WORKER: JSON.stringify(workerOptions) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.set(app.name, child);
    const startedAt = Date.now();
    let listening = false;
    child.on('message', (message: FromWorker) => {
      if (message.type === 'roots?') answerRoots(app.name, child, message.id);
    });
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
          .then(warm, (error: unknown) => {
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

  /** Has the process read the remotes' listings (only the shell's does anything). */
  const warm = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, WARM_TIMEOUT_MS);
      const done = (message: FromWorker) => {
        if (message.type !== 'warmed') return;
        clearTimeout(timer);
        child.off('message', done);
        resolve();
      };
      child.on('message', done);
      if (child.connected) child.send({ type: 'warm' } satisfies ToWorker);
      else resolve();
    });

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
    const started = await Promise.all(chosen.map((app) => start(app)));
    // Once every server listens: the shell's first page then names the remotes' versioned entries at once.
    await Promise.all(started.map(warm));
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
