// One app's server in its own process, started by the supervisor (supervisor.ts): a crash here ends only this app.
import { createAppServer } from './lib/app-server';
import type { FromWorker, ToWorker, WorkerOptions } from './lib/messages';

const options = JSON.parse(process.env.PORTAL_SERVER_WORKER ?? 'null') as WorkerOptions;
// How long a request waits for the supervisor to name the roots before using the last ones it named.
const ROOTS_TIMEOUT_MS = 1_000;

const tell = (message: FromWorker) => {
  try {
    process.send?.(message);
  } catch {
    // The supervisor is gone; 'disconnect' below ends this process.
  }
};

let lastRoots = options.roots;
let nextId = 0;
const pending = new Map<number, (roots: string[]) => void>();

/** The roots, asked of the supervisor per request (it owns `rootsFor`). */
const roots = () =>
  new Promise<string[]>((resolve) => {
    if (!process.connected) return resolve(lastRoots);
    const id = ++nextId;
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve(lastRoots);
    }, ROOTS_TIMEOUT_MS);
    pending.set(id, (named) => {
      clearTimeout(timer);
      pending.delete(id);
      lastRoots = named;
      resolve(named);
    });
    tell({ type: 'roots?', id });
  });

// A failure nothing handled leaves this process in an unknown state: end it, and the supervisor starts a new one.
process.on('uncaughtException', (error) => {
  console.error(`portal-server (${options.app}):`, error);
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  console.error(`portal-server (${options.app}): unhandled rejection`, error);
  process.exit(1);
});
process.on('disconnect', () => process.exit(0));

async function main() {
  const app = await createAppServer({
    roots,
    config: options.config,
    apiProxy: options.apiProxy,
    apiTimeoutMs: options.apiTimeoutMs,
    sourceMaps: options.sourceMaps,
  });
  process.on('message', (message: ToWorker) => {
    if (message.type === 'roots') pending.get(message.id)?.(message.roots);
    else if (message.type === 'warm') void app.warm().finally(() => tell({ type: 'warmed' }));
  });
  process.on('SIGTERM', () => {
    void app.server.close().then(() => process.exit(0));
  });
  try {
    await app.server.listen({ port: options.port, host: options.host });
  } catch (error) {
    tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  tell({ type: 'listening' });
}

void main();
