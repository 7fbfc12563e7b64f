/**
 * Loopback benchmark: req/s and p50/p99 latency for login, the kit list and the wallet, each beside a bare route
 * (`/health`, no database) of the same server in the same run. Not a test: numbers depend on the machine.
 * With DATABASE_URL (PostgreSQL) the same scenarios run again on one and on two API processes sharing the database
 * (connections split evenly between them), so the table shows what a second instance buys.
 * Usage: npm run bench -w api [-- --duration 5 --connections 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { spawnApi, stopApi } from '../scripts/spawn-api';
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

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

/** One scenario against several instances at once; latencies measured per request so they form one distribution. */
async function runAcross(name: string, urls: string[], p: string, opts: Omit<autocannon.Options, 'url'> = {}): Promise<Row> {
  const latencies: number[] = [];
  const results = await Promise.all(
    urls.map((url, i) =>
      autocannon({
        ...opts,
        url: url + p,
        duration: DURATION,
        connections: Math.floor(CONNECTIONS / urls.length) + (i < CONNECTIONS % urls.length ? 1 : 0),
        requests: [
          {
            setupRequest: (req: Record<string, unknown>, context: { sentAt?: number }) => {
              context.sentAt = performance.now();
              return req;
            },
            onResponse: (_status: number, _body: string, context: { sentAt?: number }) => {
              if (context.sentAt !== undefined) latencies.push(performance.now() - context.sentAt);
            },
          },
        ],
      } as unknown as autocannon.Options),
    ),
  );
  latencies.sort((a, b) => a - b);
  return {
    scenario: name,
    // autocannon's typings lag its results (requests.total is there at run time).
    'req/s': Math.round(results.reduce((s, r) => s + (r.requests as unknown as { total: number }).total, 0) / DURATION),
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    errors: results.reduce((s, r) => s + r.errors + r.non2xx, 0),
  };
}

/** The demo customer's log-in: a measured scenario, and how a run gets its session. */
const DEMO_LOGIN = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ starlink_user: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }),
} as const;

/** The Authorization header of a new demo customer session on the API at `base`. */
async function demoAuth(base: string) {
  const login = await fetch(`${base}/api/v1/login`, DEMO_LOGIN);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** PostgreSQL only: the scenarios on 1 and on 2 API processes (production hashing cost) on one fresh schema. */
async function instanceRows(databaseUrl: string): Promise<Row[]> {
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-')));
  const env = (dir: string) => ({ DATA_DIR: dir, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, RATE_LIMIT_MAX: '1000000', SCRYPT_COST: String(1 << 15) });
  // The first seeds the demo customer; the second starts on the seeded database.
  const first = await spawnApi({ ...env(dirs[0]!), SEED_DEMO: '1' }, 120_000);
  const second = await spawnApi(env(dirs[1]!), 120_000);
  const rows: Row[] = [];
  try {
    const auth = await demoAuth(first.url);
    for (const urls of [[first.url], [first.url, second.url]]) {
      const label = urls.length === 1 ? '1 instance' : '2 instances';
      rows.push(await runAcross(`${label}: bare route (GET /health)`, urls, '/health'));
      rows.push(await runAcross(`${label}: login (scrypt N=2^15)`, urls, '/api/v1/login', DEMO_LOGIN));
      rows.push(await runAcross(`${label}: kit list (page of 10)`, urls, '/api/v1/starlink_kits?page=1&per_page=10', { headers: auth }));
      rows.push(await runAcross(`${label}: wallet`, urls, '/api/v1/starlink_user_wallet', { headers: auth }));
    }
  } finally {
    await Promise.all([stopApi(first), stopApi(second)]);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
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
    const auth = await demoAuth(server.url);
    const rows: Row[] = [];
    const bare = () => run('bare route (GET /health)', { url: `${server.url}/health` });
    rows.push(await bare());
    rows.push(await run('login (POST /api/v1/login, scrypt N=2^15)', { url: `${server.url}/api/v1/login`, ...DEMO_LOGIN }));
    rows.push(await bare());
    rows.push(await run('kit list (GET /api/v1/starlink_kits?page=1&per_page=10)', { url: `${server.url}/api/v1/starlink_kits?page=1&per_page=10`, headers: auth }));
    rows.push(await bare());
    rows.push(await run('wallet (GET /api/v1/starlink_user_wallet)', { url: `${server.url}/api/v1/starlink_user_wallet`, headers: auth }));
    if (server.config.databaseUrl) rows.push(...(await instanceRows(server.config.databaseUrl)));
    console.table(rows);

    const header = `Benchmark: ${new Date().toISOString()}, ${db}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ` +
      `${CONNECTIONS} connections, ${DURATION} s per scenario, autocannon and server in one process on loopback ` +
      `(the "instances" rows: API child processes, connections split between them), ` +
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
