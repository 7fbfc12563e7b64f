// One app's server in its own process, started by the supervisor (supervisor.ts): a crash here ends only this app.
import { createSiteServer } from './lib/site-server';
import type { FromWorker, WorkerOptions } from './lib/messages';

const options = JSON.parse(process.env.PORTAL_SERVER_WORKER ?? 'null') as WorkerOptions;
const tell = (message: FromWorker) => {
  try {
    process.send?.(message);
  } catch {
    // The supervisor is gone; 'disconnect' below ends this process.
  }
};

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
  const server = await createSiteServer({
    siteDir: options.siteDir,
    app: options.app,
    apiProxy: options.apiProxy,
    apiTimeoutMs: options.apiTimeoutMs,
    sourceMaps: options.sourceMaps,
  });
  process.on('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
  try {
    await server.listen({ port: options.port, host: options.host }).catch((error: NodeJS.ErrnoException) => {
      // A machine without IPv6 cannot listen on '::': every IPv4 interface, as Node's own default would.
      if (options.host !== '::' || (error.code !== 'EAFNOSUPPORT' && error.code !== 'EADDRNOTAVAIL')) throw error;
      return server.listen({ port: options.port, host: '0.0.0.0' });
    });
  } catch (error) {
    tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  tell({ type: 'listening' });
}

void main();
