/**
 * Loopback benchmark: req/s and p50/p99 latency for login, the kit list and the wallet, each beside a bare route
 * (`/health`, no database) of the same server in the same run. Not a test: numbers depend on the machine.
 * Usage: npm run bench -w api [-- --duration 5 --connections 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../src/app';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/services/seed';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION = arg('duration', 5);
const CONNECTIONS = arg('connections', 10);

interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return {
    scenario: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  // Other work on the machine distorts the figures; the report says how busy it was.
  const loadAtStart = os.loadavg()[0] ?? 0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  const server = await startServer({
    logger: false,
    consoleOutbox: false,
    config: { dataDir, port: 0, host: '127.0.0.1', seedDemo: true, sweepIntervalSeconds: 0, rateLimitMax: 1_000_000 },
  });
  const db = server.db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';
  try {
    const login = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ starlink_user: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const rows: Row[] = [];
    const bare = () => run('bare route (GET /health)', { url: `${server.url}/health` });
    rows.push(await bare());
    rows.push(
      await run('login (POST /api/v1/login, scrypt N=2^15)', {
        url: `${server.url}/api/v1/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ starlink_user: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }),
      }),
    );
    rows.push(await bare());
    rows.push(await run('kit list (GET /api/v1/starlink_kits?page=1&per_page=10)', { url: `${server.url}/api/v1/starlink_kits?page=1&per_page=10`, headers: auth }));
    rows.push(await bare());
    rows.push(await run('wallet (GET /api/v1/starlink_user_wallet)', { url: `${server.url}/api/v1/starlink_user_wallet`, headers: auth }));
    console.table(rows);

    const header = `Benchmark: ${new Date().toISOString()}, ${db}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ` +
      `${CONNECTIONS} connections, ${DURATION} s per scenario, autocannon and server in one process on loopback, ` +
      `load average at start ${loadAtStart.toFixed(1)}.`;
    const table = [
      '| scenario | req/s | p50 ms | p99 ms | errors |',
      '|---|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.scenario} | ${r['req/s']} | ${r['p50 ms']} | ${r['p99 ms']} | ${r.errors} |`),
    ].join('\n');
    const out = path.resolve(__dirname, '..', 'bench-results.md');
    fs.writeFileSync(out, `# api benchmark\n\n${header}\n\n${table}\n`);
    console.log(`\n${header}\nWritten to ${out}`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
