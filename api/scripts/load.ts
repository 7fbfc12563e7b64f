/**
 * Load run: the API (its own process, embedded DB or LOAD_DATABASE_URL) under many concurrent connections on
 * loopback with mixed reads and writes across many customers, then checks that nothing failed and no
 * acknowledged write was lost. Prints req/s and latency percentiles; exits 1 on any error.
 *
 *   npm run load -w api                      # 200 connections, 30 s
 *   npm run test:load -w api                 # the CI version: 10 s
 *   LOAD_SECONDS=60 LOAD_CONNECTIONS=300 LOAD_CUSTOMERS=100 npm run load -w api
 *   LOAD_DATABASE_URL=postgres://… npm run load -w api    # PostgreSQL (a fresh schema per phase, dropped afterwards)
 *
 * On PostgreSQL the run has two phases with the same customers, mix, connections and length: one API process, then
 * two processes on one database with half the connections each (as behind a load balancer); one table compares them.
 * The embedded database belongs to one process, so there it runs the first phase only.
 *
 * Mix per request: 30% kit list, 20% wallet, 15% fundings list, 20% funding creation (each with its own
 * Idempotency-Key, so every acknowledged 201 must be a stored funding), 15% auto-renew toggles (a kit is
 * never toggled by two requests at once, so its final value must be the last acknowledged one).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { spawnApi, stopApi } from './spawn-api';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const num = (name: string, env: string, fallback: number) => {
  const raw = arg(name) ?? process.env[env];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${env} must be a positive number`);
  return n;
};
const SECONDS = num('seconds', 'LOAD_SECONDS', 30);
const CONNECTIONS = num('connections', 'LOAD_CONNECTIONS', 200);
const CUSTOMERS = num('customers', 'LOAD_CUSTOMERS', 50);
const KITS_PER_CUSTOMER = 4;
const PG_URL = process.env.LOAD_DATABASE_URL;

interface Customer {
  token: string;
  walletId: number;
  kitIds: number[];
}
type Op = 'kits' | 'wallet' | 'fundings' | 'fund' | 'toggle';
const MIX: [Op, number][] = [
  ['kits', 30],
  ['wallet', 20],
  ['fundings', 15],
  ['fund', 20],
  ['toggle', 15],
];

async function call(url: string, method: string, p: string, token?: string, body?: unknown) {
  const res = await fetch(url + p, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json: any = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

interface PhaseResult {
  row: string;
  failed: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

/** One phase: `instances` API processes on a fresh database, the mix against all of them, then the read-back. */
async function phase(instances: number): Promise<PhaseResult> {
  const schema = `load_${crypto.randomBytes(4).toString('hex')}`;
  const dataDirs = Array.from({ length: instances }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'api-load-')));
  const started = Date.now();
  const apis = await Promise.all(
    dataDirs.map((dataDir) =>
      spawnApi({
        DATA_DIR: dataDir,
        RATE_LIMIT_MAX: '1000000',
        ...(PG_URL ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : {}),
      }),
    ),
  );
  const urls = apis.map((a) => a.url);
  const dbLabel = `${PG_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${instances === 1 ? '1 instance' : `${instances} instances`}`;
  let failed = false;
  let row = '';
  try {
    console.log(
      `\n${dbLabel}: up in ${((Date.now() - started) / 1000).toFixed(1)} s; creating ${CUSTOMERS} customers with ${KITS_PER_CUSTOMER} kits each...`,
    );
    const customers: Customer[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const url = urls[i % urls.length]!;
      const email = `load.${i}.${crypto.randomBytes(4).toString('hex')}@example.com`;
      const s = await call(url, 'POST', '/api/v1/signup', undefined, {
        starlink_user: {
          email,
          password: 'secret123',
          confirm_password: 'secret123',
          phone_number: '+2348011111111',
          name: `Load ${i}`,
          whatsapp_number: '+2348022222222',
        },
      });
      const wallet = await call(url, 'GET', '/api/v1/starlink_user_wallet', s.token);
      const kitIds: number[] = [];
      for (let k = 0; k < KITS_PER_CUSTOMER; k++) {
        const kit = await call(url, 'POST', '/api/v1/starlink_kits', s.token, {
          kit_number: `LOAD-${i}-${k}-${crypto.randomBytes(3).toString('hex')}`,
          address: `${i} Load Street, Lagos`,
          nin: '12345678901',
        });
        kitIds.push(kit.kit.id);
      }
      customers.push({ token: s.token, walletId: wallet.id, kitIds });
    }
    // Book-keeping of writes: acknowledged fundings, and per kit the last acknowledged / in-flight auto_renew.
    const ackedFundings = new Map<number, Set<number>>(); // customer index -> funding ids answered 201
    const sentFundings = { count: 0 };
    const kitBusy = new Set<number>();
    const kitAcked = new Map<number, boolean>();
    const kitInFlight = new Map<number, boolean>();
    const statuses = new Map<string, number>();
    const unexpected: string[] = [];
    let keySeq = 0;
    const totalWeight = MIX.reduce((s, [, w]) => s + w, 0);
    const pickOp = (): Op => {
      let r = Math.random() * totalWeight;
      for (const [op, w] of MIX) if ((r -= w) < 0) return op;
      return 'kits';
    };

    interface Ctx {
      op?: Op;
      customer?: number;
      kitId?: number;
      value?: boolean;
      sentAt?: number;
    }
    // Measured here rather than taken from autocannon, so the latencies of several instances form one distribution.
    const latencies: number[] = [];
    const load = (url: string, connections: number) =>
      autocannon({
        url,
        connections,
        duration: SECONDS,
        timeout: 30,
        requests: [
          {
            setupRequest: (req: Record<string, unknown>, context: Ctx) => {
              context.sentAt = performance.now();
              const ci = Math.floor(Math.random() * customers.length);
              const c = customers[ci]!;
              let op = pickOp();
              let kitId: number | undefined;
              if (op === 'toggle') {
                kitId = c.kitIds[Math.floor(Math.random() * c.kitIds.length)]!;
                if (kitBusy.has(kitId)) op = 'kits'; // never two toggles of one kit at once
              }
              context.op = op;
              context.customer = ci;
              const headers: Record<string, string> = {
                authorization: `Bearer ${c.token}`,
                'content-type': 'application/json',
              };
              switch (op) {
                case 'kits':
                  return {
                    ...req,
                    method: 'GET',
                    path: `/api/v1/starlink_kits?page=1&per_page=10`,
                    headers,
                    body: undefined,
                  };
                case 'wallet':
                  return { ...req, method: 'GET', path: '/api/v1/starlink_user_wallet', headers, body: undefined };
                case 'fundings':
                  return { ...req, method: 'GET', path: '/api/v1/starlink_wallet_fundings', headers, body: undefined };
                case 'fund':
                  sentFundings.count++;
                  return {
                    ...req,
                    method: 'POST',
                    path: '/api/v1/starlink_wallet_fundings',
                    headers: { ...headers, 'idempotency-key': `load-${process.pid}-${keySeq++}` },
                    body: JSON.stringify({
                      starlink_wallet_funding: {
                        starlink_user_wallet_id: c.walletId,
                        amount: 1000 + Math.floor(Math.random() * 100000),
                        payment_method: 'offline',
                      },
                    }),
                  };
                case 'toggle': {
                  const value = Math.random() < 0.5;
                  kitBusy.add(kitId!);
                  kitInFlight.set(kitId!, value);
                  context.kitId = kitId;
                  context.value = value;
                  return {
                    ...req,
                    method: 'PUT',
                    path: '/api/v1/starlink_kits/set_auto_renew',
                    headers,
                    body: JSON.stringify({ id: kitId, auto_renew: value }),
                  };
                }
              }
            },
            onResponse: (status: number, body: string, context: Ctx) => {
              if (context.sentAt !== undefined) latencies.push(performance.now() - context.sentAt);
              const op = context.op!;
              const key = `${op} ${status}`;
              statuses.set(key, (statuses.get(key) ?? 0) + 1);
              const expected = op === 'fund' ? status === 201 : status === 200;
              if (!expected && unexpected.length < 10) unexpected.push(`${key}: ${String(body).slice(0, 200)}`);
              if (op === 'fund' && status === 201) {
                const id = (JSON.parse(body) as { funding: { id: number } }).funding.id;
                const set = ackedFundings.get(context.customer!) ?? new Set<number>();
                set.add(id);
                ackedFundings.set(context.customer!, set);
              }
              if (op === 'toggle') {
                kitBusy.delete(context.kitId!);
                kitInFlight.delete(context.kitId!);
                if (status === 200) kitAcked.set(context.kitId!, context.value!);
              }
            },
          },
        ],
      } as unknown as autocannon.Options);
    const errorSamples = new Map<string, number>();
    // The connections are split evenly between the instances, as a round-robin load balancer would.
    const runs = urls.map((url, i) => {
      const instance = load(url, Math.floor(CONNECTIONS / urls.length) + (i < CONNECTIONS % urls.length ? 1 : 0));
      (instance as unknown as NodeJS.EventEmitter).on('reqError', (err: Error) => {
        const key = err.message.slice(0, 120);
        errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
      });
      return instance;
    });
    // autocannon's typings lag its results (total, timeouts are there at run time).
    const results = (await Promise.all(runs)) as unknown as {
      requests: { total: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    }[];
    latencies.sort((a, b) => a - b);
    const ms = (v: number) => Math.round(v);
    const result = {
      requests: {
        total: results.reduce((s, r) => s + r.requests.total, 0),
        average: results.reduce((s, r) => s + r.requests.total, 0) / SECONDS,
      },
      latency: {
        p50: ms(percentile(latencies, 50)),
        p90: ms(percentile(latencies, 90)),
        p99: ms(percentile(latencies, 99)),
        max: ms(latencies[latencies.length - 1] ?? 0),
      },
      errors: results.reduce((s, r) => s + r.errors, 0),
      timeouts: results.reduce((s, r) => s + r.timeouts, 0),
      non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    };
    // Requests cut off at the end may still be finishing on the server; let them land before reading back.
    await new Promise((r) => setTimeout(r, 2000));

    // Read back every customer's data.
    let lost = 0;
    let storedFundings = 0;
    let kitMismatch = 0;
    for (let i = 0; i < customers.length; i++) {
      const c = customers[i]!;
      const fundings = (await call(urls[i % urls.length]!, 'GET', '/api/v1/starlink_wallet_fundings', c.token)) as {
        id: number;
      }[];
      storedFundings += fundings.length;
      const ids = new Set(fundings.map((f) => f.id));
      for (const id of ackedFundings.get(i) ?? []) if (!ids.has(id)) lost++;
      const kits = (await call(urls[(i + 1) % urls.length]!, 'GET', '/api/v1/starlink_kits?per_page=50', c.token))
        .kits as { id: number; auto_renew: boolean }[];
      for (const kit of kits) {
        const acked = kitAcked.get(kit.id) ?? false;
        const pending = kitInFlight.get(kit.id);
        if (kit.auto_renew !== acked && kit.auto_renew !== pending) kitMismatch++;
      }
    }
    const acked = [...ackedFundings.values()].reduce((s, set) => s + set.size, 0);
    const non2xx = result.non2xx;
    // autocannon counts a timeout in `errors` too.
    const errors = result.errors;

    const figures = {
      database: dbLabel,
      connections: CONNECTIONS,
      seconds: SECONDS,
      customers: CUSTOMERS,
      requests: result.requests.total,
      'req/s (mean)': Math.round(result.requests.average),
      'latency p50 ms': result.latency.p50,
      'latency p90 ms': result.latency.p90,
      'latency p99 ms': result.latency.p99,
      'latency max ms': result.latency.max,
      'errors (connection/timeout)': errors,
      timeouts: result.timeouts,
      'non-2xx': non2xx,
      'fundings acknowledged (201)': acked,
      'fundings stored': storedFundings,
      'acknowledged fundings missing': lost,
      'auto-renew values not matching last acknowledged write': kitMismatch,
      'load average (1 min) at end': os.loadavg()[0]!.toFixed(1),
    };
    console.log('\nResponses by operation and status:');
    console.log(Object.fromEntries([...statuses.entries()].sort()));
    console.log('\nFigures:');
    console.table(figures);
    row = `| ${dbLabel} | ${CONNECTIONS} | ${SECONDS} s | ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${errors + non2xx} | ${acked} / ${storedFundings} / ${lost} |`;
    console.log(
      `| ${dbLabel} | ${CONNECTIONS} | ${SECONDS} s | ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${errors + non2xx} | ${acked} / ${storedFundings} / ${lost} |`,
    );
    if (errorSamples.size) console.log('Request errors:', Object.fromEntries(errorSamples));
    if (unexpected.length) console.log('Unexpected responses (first 10):', unexpected);
    // Stored may exceed acknowledged by the requests still in flight when the run stopped, never the number sent.
    const extra = storedFundings - acked;
    if (
      errors ||
      non2xx ||
      lost ||
      kitMismatch ||
      extra < 0 ||
      storedFundings > sentFundings.count ||
      result.requests.total === 0
    ) {
      failed = true;
      console.error(`\nLOAD RUN FAILED (${dbLabel}): errors, unexpected statuses or lost writes (see above).`);
    } else {
      console.log(`\nLoad run OK (${dbLabel}): no errors, no lost writes.`);
    }
  } finally {
    await Promise.all(apis.map((a) => stopApi(a)));
    if (PG_URL) {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  return { row, failed };
}

async function main() {
  const phases = PG_URL ? [1, 2] : [1];
  const results: PhaseResult[] = [];
  for (const n of phases) results.push(await phase(n));
  console.log(`\nLoad runs (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPU):\n`);
  console.log(
    '| database | connections | duration | requests | req/s | p50 ms | p99 ms | max ms | errors | fundings acked / stored / missing |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) console.log(r.row);
  process.exit(results.some((r) => r.failed) ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
