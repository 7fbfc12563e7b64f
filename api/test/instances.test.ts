import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../src/db';
import { ledgerMismatches } from '../src/services/wallet';
import { spawnApi, stopApi, type ApiProcess } from '../scripts/spawn-api';
import { request, uniqueEmail, uniqueKit, type ApiResponse } from './helpers';

/**
 * Two API processes on one PostgreSQL database, as production runs them: every scenario sends its requests to
 * both, alternating or at random, and the database must show what one process would have produced — balance equal
 * to the ledger, one charge per kit per period, one credit per funding, login throttling counted across both.
 * PostgreSQL only (the embedded database belongs to one process). `npm run test:instances -w api`.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const PRICE = 57000;
const DAY = 86_400_000;
const PASSWORD = 'secret123';

if (!PG_URL) {
  if (process.env.CI) {
    it('two instances need TEST_DATABASE_URL', () => {
      throw new Error('TEST_DATABASE_URL is not set: CI must run the two-instance suite against PostgreSQL');
    });
  } else {
    it.skip('two instances on one PostgreSQL (set TEST_DATABASE_URL)', () => undefined);
  }
} else {
  describe('two API instances on one PostgreSQL', () => {
    const schema = `inst_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const operatorToken = crypto.randomBytes(24).toString('hex');
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'api-inst-')));
    let apis: ApiProcess[] = [];
    let db: Db;

    beforeAll(async () => {
      // Started together: the migrations' advisory lock must let exactly one of them migrate.
      apis = await Promise.all(
        dirs.map((dir) =>
          spawnApi({ DATA_DIR: dir, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, OPERATOR_TOKEN: operatorToken, RATE_LIMIT_MAX: '100000' }),
        ),
      );
      db = await openDb({ dataDir: dirs[0]!, databaseUrl: PG_URL, databaseSchema: schema });
    }, 120_000);

    afterAll(async () => {
      await Promise.all(apis.map((a) => stopApi(a)));
      await db?.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    /** Request n goes to instance n % 2 (or a random one), so every scenario runs on both at once. */
    const on = (n: number) => apis[n % 2]!.url;
    const random = () => apis[crypto.randomInt(2)]!.url;
    const call = (base: string, method: string, p: string, token?: string, body?: unknown): Promise<ApiResponse> => request(base, method, p, { token, body });
    const operator = (base: string, command: Record<string, unknown>) =>
      request(base, 'POST', '/operator/command', { body: command, headers: { 'x-operator-token': operatorToken } });

    async function customer() {
      const email = uniqueEmail('inst');
      const signup = await call(random(), 'POST', '/api/v1/signup', undefined, {
        starlink_user: { email, password: PASSWORD, confirm_password: PASSWORD, phone_number: '+2348011111111', name: 'Two Instances', whatsapp_number: '+2348022222222' },
      });
      expect(signup.status).toBe(201);
      const token = signup.body.token as string;
      // A session made on one instance works on the other.
      const wallet = await call(random(), 'GET', '/api/v1/starlink_user_wallet', token);
      expect(wallet.status).toBe(200);
      return { email, token, userId: signup.body.user.id as number, walletId: wallet.body.id as number };
    }

    async function fund(c: { token: string; walletId: number }, amount: number) {
      const created = await call(random(), 'POST', '/api/v1/starlink_wallet_fundings', c.token, {
        starlink_wallet_funding: { starlink_user_wallet_id: c.walletId, amount, payment_method: 'offline' },
      });
      expect(created.status).toBe(201);
      expect((await operator(random(), { cmd: 'funding', decision: 'approve', reference: created.body.funding.reference })).status).toBe(200);
    }

    async function kit(token: string): Promise<number> {
      const res = await call(random(), 'POST', '/api/v1/starlink_kits', token, { kit_number: uniqueKit(), address: '1 Marina Road, Lagos', nin: '12345678901' });
      expect(res.status).toBe(201);
      return res.body.kit.id as number;
    }

    const balance = async (token: string) => (await call(random(), 'GET', '/api/v1/starlink_user_wallet', token)).body.balance as number;

    /** Kits charged twice for one period (two receipts starting at the same moment): must always be empty. */
    const doubleCharges = () =>
      db.query(`SELECT kit_id, start_date, count(*)::int AS n FROM kit_renewals WHERE status = 'receipt' GROUP BY kit_id, start_date HAVING count(*) > 1`);

    /** Moves a kit's paid-up period back, so its deadline is `fromNow` away (a test may not wait a month). */
    async function shiftPeriod(kitId: number, fromNow: number) {
      const [row] = await db.query<{ end_date: Date }>('SELECT max(end_date) AS end_date FROM kit_renewals WHERE kit_id = $1', [kitId]);
      const by = new Date(row!.end_date).getTime() - (Date.now() + fromNow);
      await db.query(
        `UPDATE kit_renewals SET start_date = start_date - make_interval(secs => $2::double precision / 1000),
           end_date = end_date - make_interval(secs => $2::double precision / 1000),
           deadline = deadline - make_interval(secs => $2::double precision / 1000),
           created_at = created_at - make_interval(secs => $2::double precision / 1000)
         WHERE kit_id = $1`,
        [kitId, by],
      );
    }

    afterEach(async () => {
      expect(await ledgerMismatches(db)).toEqual([]);
      expect(await doubleCharges()).toEqual([]);
    });

    it('each instance names the SELLER_* variables still on demo values when it starts', () => {
      for (const api of apis) {
        expect(api.output()).toMatch(/Demo values in use, printed on every invoice and receipt: set SELLER_NAME, SELLER_ADDRESS, SELLER_RC_NUMBER, SELLER_TIN, SELLER_CONTACT /);
      }
    });

    it('60 activations of one kit, split across both instances, charge it once', async () => {
      const c = await customer();
      await fund(c, 3 * PRICE);
      const kitId = await kit(c.token);
      const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => call(on(n), 'POST', `/api/v1/starlink_activates/${kitId}/activate_kit`, c.token)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 422)).toBe(true);
      expect(await balance(c.token)).toBe(2 * PRICE);
    });

    it('20 kits activated twice each, on both instances, with money for 5: exactly 5 charged', async () => {
      const c = await customer();
      await fund(c, 5 * PRICE);
      const kits = await Promise.all(Array.from({ length: 20 }, () => kit(c.token)));
      const answers = await Promise.all(kits.flatMap((id, n) => [0, 1].map((twin) => call(on(n + twin), 'POST', `/api/v1/starlink_activates/${id}/activate_kit`, c.token))));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(422);
      expect(await balance(c.token)).toBe(0);
      const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM kit_renewals WHERE user_id = $1 AND status = 'receipt'", [c.userId])) as [{ n: number }];
      expect(n).toBe(5);
    });

    it('30 renewals of one due kit across both instances renew it once, from where the last period ended', async () => {
      const c = await customer();
      await fund(c, 4 * PRICE);
      const kitId = await kit(c.token);
      expect((await call(random(), 'POST', `/api/v1/starlink_activates/${kitId}/activate_kit`, c.token)).status).toBe(200);
      await shiftPeriod(kitId, 3 * DAY);
      const [{ end_date: oldEnd }] = (await db.query<{ end_date: Date }>('SELECT max(end_date) AS end_date FROM kit_renewals WHERE kit_id = $1', [kitId])) as [{ end_date: Date }];
      const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => call(on(n), 'POST', `/api/v1/starlink_activates/${kitId}/activate_kit`, c.token)));
      const renewed = answers.filter((a) => a.status === 200);
      expect(renewed).toHaveLength(1);
      expect(Date.parse(renewed[0]!.body.renewal.start_date)).toBe(new Date(oldEnd).getTime());
      expect(answers.filter((a) => a.status !== 200).map((a) => a.body.error)).toEqual(Array(29).fill('Renewal not due yet'));
      expect(await balance(c.token)).toBe(2 * PRICE);
    });

    it('each funding credits once when confirmations and approvals race on both instances', async () => {
      const c = await customer();
      const fundings = [];
      for (let i = 0; i < 10; i++) {
        const res = await call(on(i), 'POST', '/api/v1/starlink_wallet_fundings', c.token, {
          starlink_wallet_funding: { starlink_user_wallet_id: c.walletId, amount: 1000 * (i + 1), payment_method: 'offline' },
        });
        expect(res.status).toBe(201);
        fundings.push(res.body.funding as { id: number; reference: string; amount: number });
      }
      await Promise.all(
        fundings.flatMap((f, i) => [
          ...[0, 1, 2].map((k) => operator(on(i + k), { cmd: 'funding', decision: 'approve', reference: f.reference })),
          ...[0, 1].map((k) => call(on(i + k + 1), 'PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=${f.id}`, c.token, { starlink_wallet_funding: { paid: 'yes' } })),
        ]),
      );
      expect(await balance(c.token)).toBe(fundings.reduce((s, f) => s + f.amount, 0));
      const credits = await db.query<{ funding_id: number; n: number }>(
        'SELECT funding_id, count(*)::int AS n FROM wallet_transactions WHERE funding_id = ANY($1::int[]) GROUP BY funding_id',
        [fundings.map((f) => f.id)],
      );
      expect(credits).toHaveLength(10);
      expect(credits.every((r) => r.n === 1)).toBe(true);
    });

    it('sweeps running on both instances at once charge each due auto-renew kit once, and invoice an empty wallet once', async () => {
      const paying = await Promise.all(Array.from({ length: 4 }, () => customer()));
      const broke = await customer();
      const kits: { c: typeof broke; id: number }[] = [];
      for (const c of [...paying, broke]) {
        const isBroke = c === broke;
        await fund(c, (isBroke ? 1 : 4) * PRICE);
        for (let k = 0; k < (isBroke ? 1 : 2); k++) {
          const id = await kit(c.token);
          expect((await call(random(), 'POST', `/api/v1/starlink_activates/${id}/activate_kit`, c.token)).status).toBe(200);
          expect((await call(random(), 'PUT', '/api/v1/starlink_kits/set_auto_renew', c.token, { id, auto_renew: true })).status).toBe(200);
          kits.push({ c, id });
        }
      }
      // Due within the next day: what a month of waiting would give.
      for (const k of kits) await shiftPeriod(k.id, 12 * 3600_000);
      const sweeps = await Promise.all(Array.from({ length: 8 }, (_, n) => operator(on(n), { cmd: 'sweep' })));
      for (const s of sweeps) expect(s.status).toBe(200);
      for (const k of kits) {
        const rows = await db.query<{ status: string }>('SELECT status FROM kit_renewals WHERE kit_id = $1 ORDER BY id', [k.id]);
        expect({ kit: k.id, statuses: rows.map((r) => r.status) }).toEqual({ kit: k.id, statuses: k.c === broke ? ['receipt', 'invoice'] : ['receipt', 'receipt'] });
      }
      for (const c of paying) expect(await balance(c.token)).toBe(0);
      expect(await balance(broke.token)).toBe(0);
    });

    it('approvals racing activations on both instances leave a statement in ledger order: each balance follows from the one before', async () => {
      for (let round = 0; round < 3; round++) {
        const c = await customer();
        const fundings = [];
        for (let i = 0; i < 8; i++) {
          const res = await call(on(i), 'POST', '/api/v1/starlink_wallet_fundings', c.token, {
            starlink_wallet_funding: { starlink_user_wallet_id: c.walletId, amount: 40000 + 1000 * i, payment_method: 'offline' },
          });
          fundings.push(res.body.funding as { reference: string });
        }
        const kits = await Promise.all(Array.from({ length: 6 }, () => kit(c.token)));
        await Promise.all([
          ...fundings.map((f, n) => operator(on(n), { cmd: 'funding', decision: 'approve', reference: f.reference })),
          ...kits.map((id, n) => call(on(n + 1), 'POST', `/api/v1/starlink_activates/${id}/activate_kit`, c.token)),
        ]);
        const listed = await call(random(), 'GET', '/api/v1/starlink_wallet_transactions?per_page=50', c.token);
        const lines = (listed.body.transactions as { amount: number; balance_after: number }[]).reverse();
        let running = 0;
        for (const line of lines) {
          expect(line.balance_after).toBe(running + line.amount);
          running = line.balance_after;
        }
        expect(running).toBe(await balance(c.token));
      }
    });

    it('logins on both instances: sessions work on either, and 10 failures for one email lock it on both (429)', async () => {
      const c = await customer();
      const good = await Promise.all(Array.from({ length: 6 }, (_, n) => call(on(n), 'POST', '/api/v1/login', undefined, { starlink_user: { email: c.email, password: PASSWORD } })));
      for (const [n, res] of good.entries()) {
        expect(res.status).toBe(200);
        expect((await call(on(n + 1), 'GET', '/api/v1/starlink_users/check_confirmation_status', res.body.token)).status).toBe(200);
      }
      const failures = await Promise.all(
        Array.from({ length: 10 }, (_, n) => call(on(n), 'POST', '/api/v1/login', undefined, { starlink_user: { email: c.email, password: 'wrong-password' } })),
      );
      for (const f of failures) expect(f.status).toBe(401);
      for (const base of [on(0), on(1)]) {
        const locked = await call(base, 'POST', '/api/v1/login', undefined, { starlink_user: { email: c.email, password: PASSWORD } });
        expect({ base, status: locked.status }).toEqual({ base, status: 429 });
        expect(typeof locked.body.message).toBe('string');
      }
    });
  });
}
