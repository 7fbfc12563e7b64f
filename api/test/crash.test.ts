import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../src/db';
import { ledgerMismatches } from '../src/services/wallet';
import { spawnApi, stopApi, type ApiProcess } from '../scripts/spawn-api';
import { request, uniqueEmail, uniqueKit } from './helpers';

/**
 * Crash safety: the API runs as its own process, many activations and renewals are in flight, the process is
 * SIGKILLed, restarted on the same data, and every kit must show all of an activation (debit, receipt, state)
 * or none of it. Every activation the client saw succeed (200) must still be there.
 */
const PRICE = 57000;
const CUSTOMERS = 6;
const KITS_PER_CUSTOMER = 6; // 2 are renewals (previously paid, then deactivated), 4 are first activations
// One round in `npm test` (time); CRASH_ROUNDS=5 for a longer run. Each round kills at a different point.
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 1);
const PG_URL = process.env.TEST_DATABASE_URL;
const t0 = Date.now();
const log = (msg: string) => {
  if (process.env.CRASH_DEBUG) process.stderr.write(`[crash ${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}\n`);
};

interface Customer {
  token: string;
  userId: number;
  walletId: number;
  funded: number;
  kits: { id: number; kitNumber: string }[];
}

const variants: ('pglite' | 'postgres')[] = PG_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!PG_URL && process.env.CI) {
  it('crash safety [postgres] needs TEST_DATABASE_URL', () => {
    throw new Error('TEST_DATABASE_URL is not set: CI must run the api tests against PostgreSQL');
  });
}

describe.each(variants)('crash safety [%s]', (variant) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-crash-'));
  const schema = `crash_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    OPERATOR_TOKEN: crypto.randomBytes(24).toString('hex'),
    ...(variant === 'postgres' ? { DATABASE_URL: PG_URL!, DATABASE_SCHEMA: schema } : {}),
  };
  let api: ApiProcess | undefined;

  afterAll(async () => {
    if (api) await stopApi(api);
    if (variant === 'postgres') {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, p: string, token?: string, body?: unknown) => request(api!.url, method, p, { token, body });
  const operator = (command: Record<string, unknown>) =>
    request(api!.url, 'POST', '/operator/command', { body: command, headers: { 'x-operator-token': env.OPERATOR_TOKEN! } });

  async function fund(c: Customer, amount: number) {
    const created = await call('POST', '/api/v1/starlink_wallet_fundings', c.token, {
      starlink_wallet_funding: { starlink_user_wallet_id: c.walletId, amount, payment_method: 'offline' },
    });
    expect(created.status).toBe(201);
    expect((await operator({ cmd: 'funding', decision: 'approve', reference: created.body.funding.reference })).status).toBe(200);
    c.funded += amount;
  }

  async function openData(): Promise<Db> {
    return openDb({ dataDir, databaseUrl: env.DATABASE_URL, databaseSchema: env.DATABASE_SCHEMA });
  }

  it(
    'keeps every activation and renewal all-or-nothing across SIGKILL and restart',
    async () => {
      api = await spawnApi(env);
      log('started');
      const customers: Customer[] = [];
      for (let i = 0; i < CUSTOMERS; i++) {
        const password = 'secret123';
        const signup = await call('POST', '/api/v1/signup', undefined, {
          starlink_user: { email: uniqueEmail('crash'), password, confirm_password: password, phone_number: '+2348011111111', name: 'Crash Test', whatsapp_number: '+2348022222222' },
        });
        expect(signup.status).toBe(201);
        const wallet = await call('GET', '/api/v1/starlink_user_wallet', signup.body.token);
        customers.push({ token: signup.body.token, userId: signup.body.user.id, walletId: wallet.body.id, funded: 0, kits: [] });
      }

      for (let round = 1; round <= ROUNDS; round++) {
        // Set-up: new kits; two of them paid once and then deactivated, so activating them is a renewal.
        const targets: { c: Customer; kitId: number }[] = [];
        const renewed: number[] = [];
        for (const c of customers) {
          const fresh: { id: number; kitNumber: string }[] = [];
          for (let k = 0; k < KITS_PER_CUSTOMER; k++) {
            const kitNumber = uniqueKit();
            const res = await call('POST', '/api/v1/starlink_kits', c.token, { kit_number: kitNumber, address: '1 Marina Road, Lagos', nin: '12345678901' });
            expect(res.status).toBe(201);
            fresh.push({ id: res.body.kit.id, kitNumber });
          }
          c.kits.push(...fresh);
          await fund(c, 2 * PRICE);
          for (const kit of fresh.slice(0, 2)) {
            expect((await call('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, c.token)).status).toBe(200);
            expect((await operator({ cmd: 'kit', kitNumber: kit.kitNumber, status: 'deactivated' })).status).toBe(200);
            renewed.push(kit.id);
          }
          // Money for 3 of the 6: the requests compete for it.
          await fund(c, 3 * PRICE);
          for (const kit of fresh) targets.push({ c, kitId: kit.id }, { c, kitId: kit.id }); // each kit twice (double click)
        }
        // The paid periods just bought end 30 days out; move them into the past so renewing is due (spec section 4).
        await stopApi(api!);
        const shifted = await openData();
        try {
          await shifted.query(
            `UPDATE kit_renewals SET start_date = start_date - interval '40 days', end_date = end_date - interval '40 days',
               deadline = deadline - interval '40 days' WHERE kit_id = ANY($1::int[])`,
            [renewed],
          );
        } finally {
          await shifted.close();
        }
        api = await spawnApi(env);

        log(`round ${round} set up`);
        // Fire everything at once, kill the process when about a third of the answers are in.
        const acknowledged = new Set<number>();
        let answered = 0;
        const killAt = Math.max(1, Math.floor((targets.length * ((round % 3) + 1)) / 4));
        const child = api!.child;
        const inFlight = targets.map(async ({ c, kitId }) => {
          try {
            const res = await call('POST', `/api/v1/starlink_activates/${kitId}/activate_kit`, c.token);
            if (res.status === 200) acknowledged.add(kitId);
            else expect(res.status).toBe(422);
          } catch {
            // connection cut by the kill
          }
          if (++answered === killAt) child.kill('SIGKILL');
        });
        await Promise.all(inFlight);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await api!.exited;
        expect(api!.child.signalCode).toBe('SIGKILL');
        log(`killed after ${answered} answers, ${acknowledged.size} acknowledged`);
        expect(acknowledged.size).toBeGreaterThan(0);

        // Restart on the same data: it must come up and serve the same customers (sessions survive too).
        api = await spawnApi(env);
        log('restarted');
        for (const c of customers) {
          const wallet = await call('GET', '/api/v1/starlink_user_wallet', c.token);
          expect(wallet.status).toBe(200);
          expect(wallet.body.balance).toBeGreaterThanOrEqual(0);
        }
        await stopApi(api);
        log('stopped');

        // Inspect the data directly.
        const db = await openData();
        log('opened');
        try {
          expect(await ledgerMismatches(db)).toEqual([]);
          for (const c of customers) {
            const [w] = await db.query<{ balance: string }>('SELECT balance FROM wallets WHERE user_id = $1', [c.userId]);
            let receiptsTotal = 0;
            for (const kit of c.kits) {
              const [row] = await db.query<{ status: string; receipts: number; debits: number; debit_sum: string }>(
                `SELECT k.status,
                   (SELECT count(*)::int FROM kit_renewals r WHERE r.kit_id = k.id AND r.status = 'receipt') AS receipts,
                   (SELECT count(*)::int FROM wallet_transactions t JOIN kit_renewals r ON r.id = t.renewal_id WHERE r.kit_id = k.id) AS debits,
                   (SELECT COALESCE(sum(t.amount), 0) FROM wallet_transactions t JOIN kit_renewals r ON r.id = t.renewal_id WHERE r.kit_id = k.id) AS debit_sum
                 FROM kits k WHERE k.id = $1`,
                [kit.id],
              );
              const { status, receipts, debits } = row!;
              // Debit and receipt always together.
              expect({ kit: kit.id, debits, unpaid: Number(row!.debit_sum) + PRICE * receipts }).toEqual({ kit: kit.id, debits: receipts, unpaid: 0 });
              const index = c.kits.indexOf(kit) % KITS_PER_CUSTOMER;
              const paidBefore = index < 2 ? 1 : 0;
              const idle = index < 2 ? 'deactivated' : 'pending';
              // All or nothing: one more receipt and an active kit, or exactly the state before.
              const state = { kit: kit.id, status, receipts };
              if (receipts === paidBefore) expect(state).toEqual({ kit: kit.id, status: idle, receipts: paidBefore });
              else expect(state).toEqual({ kit: kit.id, status: 'active', receipts: paidBefore + 1 });
              if (acknowledged.has(kit.id)) expect(receipts).toBe(paidBefore + 1);
              receiptsTotal += receipts;
            }
            expect(Number(w!.balance)).toBe(c.funded - PRICE * receiptsTotal);
            expect(Number(w!.balance)).toBeGreaterThanOrEqual(0);
          }
        } finally {
          await db.close();
        }
        if (round < ROUNDS) api = await spawnApi(env);
        else api = undefined;
      }
    },
    120_000 * ROUNDS,
  );
});
