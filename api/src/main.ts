import { startServer } from './app';
import { ConfigError, loadConfig, startupWarnings } from './config';
import { runningServer } from './lib/server-file';
import { DEMO_EMAIL, DEMO_PASSWORD } from './services/seed';

async function main() {
  const config = loadConfig();
  const other = runningServer(config.dataDir);
  if (!config.databaseUrl && other && other.pid !== process.pid) {
    // PGlite's files must have one owner; a second process would corrupt them.
    console.error(`Another API server (pid ${other.pid}, ${other.url}) is using ${config.dataDir}. Stop it or set DATA_DIR.`);
    process.exit(1);
  }
  const server = await startServer({ consoleOutbox: true });
  console.log(`API listening on ${server.url} (database: ${server.db.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`);
  console.log(`Outbox: ${config.outboxFile}${config.smtpUrl ? ' (emails: metadata only, sent by SMTP)' : ''}`);
  if (config.seedDemo) console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  for (const warning of startupWarnings(config)) console.warn(`  Warning: ${warning}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, closing...`);
    // A hung close must not keep the process (and the embedded database files) forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
