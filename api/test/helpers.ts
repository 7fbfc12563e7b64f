import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createServer, startServer, type RunningServer, type ServerOptions } from '../src/app';
import type { Config } from '../src/config';
import { FOUR_EYES_ABOVE } from '../src/services/staff/transfers';

export type DbVariant = 'pglite' | 'postgres';

export interface TestServer {
  server: RunningServer;
  url: string;
  /** Moves the injected clock forward (sessions, codes, reset links and deadlines all read it). */
  advance(ms: number): void;
  api: (method: string, path: string, opts?: RequestOpts) => Promise<ApiResponse>;
  operator: (command: Record<string, unknown>) => Promise<ApiResponse>;
}

export interface RequestOpts {
  token?: string;
  body?: unknown;
  /** Sent as is (for malformed JSON tests). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  // Tests index into JSON freely; a wrong shape fails the assertion that reads it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
  bytes?: Buffer;
}

const PG_URL = process.env.TEST_DATABASE_URL;

export async function request(base: string, method: string, p: string, opts: RequestOpts = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const res = await fetch(base + p, { method, headers, body }).catch((err: unknown) => {
    // A kept-alive connection the server closed as idle just as this request went out on it (the two share one
    // process, which a loaded machine can stall for seconds) is reset before anything is read: retried once on a
    // new connection, as a browser does.
    if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
    return fetch(base + p, { method, headers, body });
  });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return { status: res.status, body: await res.json(), headers: res.headers };
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: bytes.toString('latin1'), headers: res.headers, bytes };
}

async function dropSchema(schema: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export interface StartOptions {
  config?: Partial<Config>;
  /** Stops the clock at this instant (still moved by `advance`), for rules decided to the millisecond. */
  now?: Date;
  rateLimits?: ServerOptions['rateLimits'];
}

export async function startTestServer(variant: DbVariant, opts: StartOptions = {}): Promise<TestServer & { stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  let offset = 0;
  const schema = variant === 'postgres' ? `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : undefined;
  const server = await startServer({
    env: {},
    logger: false,
    consoleOutbox: false,
    clock: () => new Date((opts.now?.getTime() ?? Date.now()) + offset),
    rateLimits: opts.rateLimits,
    config: {
      dataDir,
      port: 0,
      host: '127.0.0.1',
      // Cheap hashing keeps the suite fast; the production default is 2^15.
      scryptCost: 1 << 10,
      seedDemo: false,
      sweepIntervalSeconds: 0,
      rateLimitMax: 100_000,
      ...(variant === 'postgres' ? { databaseUrl: PG_URL, databaseSchema: schema } : {}),
      ...opts.config,
    },
  });
  // The answer is read first; then whatever it queued to send (reset emails, change notices) is let out, so a test
  // reads the outbox as a customer's mailbox would be a moment later.
  const api = async (method: string, p: string, o?: RequestOpts) => {
    const res = await request(server.url, method, p, o);
    await server.queue.idle();
    return res;
  };
  return {
    server,
    url: server.url,
    advance: (ms) => {
      offset += ms;
    },
    api,
    operator: async (command) => {
      const res = await request(server.url, 'POST', '/operator/command', { body: command, headers: { 'x-operator-token': server.operatorToken } });
      // What the command told customers leaves after its answer, as with `api`.
      await server.queue.idle();
      return res;
    },
    async stop() {
      await server.close();
      if (schema) await dropSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let noted = false;

/**
 * Runs a suite against the embedded database and against PostgreSQL (TEST_DATABASE_URL). Without the URL the
 * PostgreSQL variant fails in CI (so a broken CI set-up cannot pass silently) and is skipped locally with a note.
 */
export function describeEachDb(name: string, fn: (t: () => TestServer, variant: DbVariant) => void, opts: StartOptions = {}) {
  for (const variant of ['pglite', 'postgres'] as const) {
    const title = `${name} [${variant}]`;
    if (variant === 'postgres' && !PG_URL) {
      if (process.env.CI) {
        describe(title, () => {
          it('needs TEST_DATABASE_URL', () => {
            throw new Error('TEST_DATABASE_URL is not set: CI must run the api tests against PostgreSQL (see api/scripts/ci-postgres.sh)');
          });
        });
      } else {
        if (!noted) {
          noted = true;
          console.log('TEST_DATABASE_URL is not set: PostgreSQL variants skipped (run api/scripts/ci-postgres.sh to enable).');
        }
        describe.skip(title, () => fn(() => undefined as unknown as TestServer, variant));
      }
      continue;
    }
    describe(title, () => {
      let t: (TestServer & { stop(): Promise<void> }) | undefined;
      // Booting the embedded database takes seconds when idle but can pass a minute on a saturated machine.
      beforeAll(async () => {
        t = await startTestServer(variant, opts);
      }, 180_000);
      afterAll(async () => {
        await t?.stop();
      });
      fn(() => {
        if (!t) throw new Error('server not started');
        return t;
      }, variant);
    });
  }
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}.${process.pid}.${Date.now()}.${counter++}@example.com`;
export const uniqueKit = () => `KIT${process.pid}${Date.now().toString(36).toUpperCase()}${counter++}`;

export async function signupUser(t: TestServer, overrides: Record<string, string> = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'secret123';
  const res = await t.api('POST', '/api/v1/signup', {
    body: {
      starlink_user: {
        email,
        password,
        confirm_password: password,
        phone_number: '+2348011111111',
        name: 'Test User',
        whatsapp_number: '+2348022222222',
        ...overrides,
      },
    },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token as string, user: res.body.user, email, password };
}

export async function createKit(t: TestServer, token: string, kitNumber = uniqueKit()) {
  const res = await t.api('POST', '/api/v1/starlink_kits', {
    token,
    body: { kit_number: kitNumber, address: '1 Marina Road, Lagos', nin: '12345678901', company_name: '', company_number: '' },
  });
  if (res.status !== 201) throw new Error(`kit create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.kit;
}

/** Funds a wallet the way production does: customer creates + confirms, operator approves the transfer. */
/**
 * A pending offline funding of the customer's wallet (201 or it throws). `walletId` saves the wallet lookup
 * where the caller already has it; without `idempotencyKey` the request carries none, like the portal's.
 */
export async function createFunding(
  t: TestServer,
  token: string,
  amount: number,
  opts: { walletId?: unknown; idempotencyKey?: string } = {},
) {
  const walletId = opts.walletId ?? (await t.api('GET', '/api/v1/starlink_user_wallet', { token })).body.id;
  const created = await t.api('POST', '/api/v1/starlink_wallet_fundings', {
    token,
    headers: opts.idempotencyKey === undefined ? {} : { 'idempotency-key': opts.idempotencyKey },
    body: { starlink_wallet_funding: { starlink_user_wallet_id: walletId, amount, payment_method: 'offline' } },
  });
  if (created.status !== 201) throw new Error(`funding failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.funding;
}

/** A funding approved by the operator: the wallet is credited with `amount`. */
/**
 * Credits `amount` by approved transfers: one, or several of at most NGN 500,000 each, since a larger one waits for a
 * second person's approval (services/staff/transfers.ts). Returns the last transfer.
 */
export async function fundWallet(t: TestServer, token: string, amount: number) {
  let left = amount;
  for (;;) {
    const part = Math.min(left, FOUR_EYES_ABOVE);
    const funding = await createFunding(t, token, part, { idempotencyKey: `fund-${counter++}-${Math.random()}` });
    const approved = await t.operator({ cmd: 'funding', decision: 'approve', reference: funding.reference });
    if (approved.status !== 200 || approved.body.result?.outcome !== 'approved') {
      throw new Error(`approve failed: ${approved.status} ${JSON.stringify(approved.body)}`);
    }
    left -= part;
    if (left <= 0) return funding;
  }
}

export const lastMessage = (t: TestServer, to: string, channel: 'email' | 'whatsapp') =>
  [...t.server.outbox.sent].reverse().find((m) => m.to === to && m.channel === channel);

/**
 * A second API instance on the same database as `t`, with the same clock, listening on its own port: on
 * PostgreSQL its own pool on the same URL and schema, as a second process would have; on the embedded database
 * the same PGlite handle (it is single-process by design).
 */
export async function startPeer(t: TestServer, variant: DbVariant, opts: StartOptions & { outbox?: ServerOptions['outbox'] } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-peer-'));
  const handle = await createServer({
    env: {},
    logger: false,
    consoleOutbox: false,
    clock: () => t.server.ctx.clock(),
    rateLimits: opts.rateLimits,
    outbox: opts.outbox,
    ...(variant === 'pglite' ? { db: t.server.db } : {}),
    config: { ...t.server.config, dataDir, outboxFile: path.join(dataDir, 'outbox.jsonl'), port: 0, ...opts.config },
  });
  const url = await handle.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...handle,
    api: (method: string, p: string, o?: RequestOpts) => request(url, method, p, o),
    async cleanup() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Peer = Awaited<ReturnType<typeof startPeer>>;

/** A peer (see `startPeer`) for every test of the enclosing suite: started before them, cleaned up after. */
export function usePeer(t: () => TestServer, variant: DbVariant, opts?: Parameters<typeof startPeer>[2]): () => Peer {
  let peer: Peer | undefined;
  beforeAll(async () => {
    peer = await startPeer(t(), variant, opts);
  });
  afterAll(async () => {
    await peer?.cleanup();
  });
  return () => {
    if (!peer) throw new Error('peer not started');
    return peer;
  };
}

/** Runs fn with the clock moved forward by ms, then moves it back (even when fn throws). */
export async function later<T>(t: TestServer, ms: number, fn: () => Promise<T>): Promise<T> {
  t.advance(ms);
  try {
    return await fn();
  } finally {
    t.advance(-ms);
  }
}
