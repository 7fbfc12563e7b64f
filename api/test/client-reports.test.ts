import { REPORTS_PER_CUSTOMER_PER_HOUR } from '../src/services/client-reports';
import { describeEachDb, signupUser } from './helpers';

const RELEASE = 'a1b2c3d4e5f6';
const OTHER = '0f0f0f0f0f0f';
const THIRD = '0e0e0e0e0e0e';
const DAY = 86_400_000;
const session = (n: number) => `session-${String(n).padStart(12, '0')}`;
const load = (release: string) => ({ app: 'kits', release, kind: 'load', name: 'area', route: '/home' });
const error = (release: string) => ({ app: 'kits', release, kind: 'error', name: 'TypeError', route: '/home' });

describeEachDb(
  'browser reports per area release',
  (t) => {
    const send = (body: unknown, token?: string, headers: Record<string, string> = {}) =>
      t().api('POST', '/api/v1/client_reports', { body, token, headers: { 'x-forwarded-for': '203.0.113.9', ...headers } });
    const health = async (app?: string, since?: Date) => {
      const res = await t().operator({ cmd: 'release-health', ...(app ? { app } : {}), ...(since ? { since: since.toISOString() } : {}) });
      expect(res.status).toBe(200);
      return res.body.result as { release: string; customers: number; error_customers: number; errors: number; p75_lcp: number | null; p75_inp: number | null }[];
    };
    const customer = async () => (await signupUser(t())).token;

    it('counts signed-in customers, those with an error, errors and p75 vitals per release (text/plain or JSON)', async () => {
      for (let n = 0; n < 4; n += 1) {
        const reports = [
          load(RELEASE),
          { app: 'kits', release: RELEASE, kind: 'vital', name: 'LCP', value: 1000 * (n + 1), route: '/home' },
          { app: 'kits', release: RELEASE, kind: 'vital', name: 'INP', value: 100 * (n + 1), route: '/dashboard/:id' },
        ];
        if (n === 0) reports.push(error(RELEASE));
        const res = await t().api('POST', '/api/v1/client_reports', {
          token: await customer(),
          raw: JSON.stringify({ session: session(n), reports }),
          headers: { 'content-type': n % 2 ? 'text/plain;charset=UTF-8' : 'application/json' },
        });
        expect(res.status).toBe(204);
      }
      const [kits] = await health('kits');
      expect(kits).toEqual({ app: 'kits', release: RELEASE, customers: 4, error_customers: 1, errors: 1, p75_lcp: 3250, p75_inp: 325, p75_cls: null });
      expect((await health('billing')).length).toBe(0);
    });

    it('answers an anonymous batch, or one with a dead token, 204 and counts none of it', async () => {
      const before = await health('kits');
      const anonymous = await send({ session: session(50), reports: [load(OTHER), error(OTHER)] });
      expect(anonymous.status).toBe(204);
      expect((await send({ session: session(51), reports: [load(OTHER), error(OTHER)] }, 'x'.repeat(43))).status).toBe(204);
      const { token } = await signupUser(t());
      expect((await t().api('POST', '/api/v1/logout', { token })).status).toBe(200);
      expect((await send({ reports: [error(OTHER)] }, token)).status).toBe(204);
      expect(await health('kits')).toEqual(before);
      expect(await t().server.db.query('SELECT 1 FROM client_reports WHERE release = $1', [OTHER])).toEqual([]);
    });

    it('counts one customer once per release, whatever sessions they invent', async () => {
      const token = await customer();
      for (let n = 0; n < 40; n += 1) expect((await send({ session: session(100 + n), reports: [load(THIRD), error(THIRD)] }, token)).status).toBe(204);
      const [third] = (await health('kits')).filter((h) => h.release === THIRD);
      expect(third).toMatchObject({ customers: 1, error_customers: 1, errors: 40 });
    });

    it('counts only what arrived since a moment (the canary began), and the sweep deletes reports older than 30 days', async () => {
      const release = 'abcdefabcdef';
      const early = await customer();
      expect((await send({ reports: [error(release)] }, early)).status).toBe(204);
      t().advance(60_000);
      const since = t().server.ctx.clock();
      expect((await send({ reports: [load(release)] }, await customer())).status).toBe(204);
      const [all] = (await health('kits')).filter((h) => h.release === release);
      const [windowed] = (await health('kits', since)).filter((h) => h.release === release);
      expect(all).toMatchObject({ customers: 2, error_customers: 1 });
      expect(windowed).toMatchObject({ customers: 1, error_customers: 0 });
      const bad = await t().operator({ cmd: 'release-health', since: 'yesterday' });
      expect(bad.status).toBe(422);

      t().advance(30 * DAY + 120_000);
      try {
        await t().server.sweep();
        expect(await t().server.db.query('SELECT 1 FROM client_reports WHERE release = $1', [release])).toEqual([]);
      } finally {
        t().advance(-(30 * DAY + 180_000));
      }
    });

    it(`keeps at most ${REPORTS_PER_CUSTOMER_PER_HOUR} reports per customer per hour, and drops the rest`, async () => {
      const token = await customer();
      const batch = Array.from({ length: 50 }, () => load('f0f0f0f0f0f0'));
      for (let n = 0; n < 8; n += 1) expect((await send({ reports: batch }, token)).status).toBe(204);
      const [row] = await t().server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM client_reports WHERE release = 'f0f0f0f0f0f0'");
      expect(row!.n).toBe(REPORTS_PER_CUSTOMER_PER_HOUR);
    });

    it.each([
      ['a route with an id', { route: '/dashboard/42' }],
      ['a route with a query', { route: '/reset-password?token=abc' }],
      ['a full URL', { route: 'https://portal.example/home' }],
      ['an email in the route', { route: '/home/ada@example.com' }],
      ['an error message instead of its name', { kind: 'error', name: 'Cannot read ada@example.com' }],
      ['a release id that is not one', { release: 'latest' }],
      ['an unknown area', { app: 'admin' }],
    ])('refuses %s with a 400 naming the field, and stores nothing', async (_name, change) => {
      const before = await health();
      const res = await send({ session: session(99), reports: [{ ...load('0d0d0d0d0d0d'), ...change }] }, await customer());
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(Object.keys(res.body.errors ?? {})).toEqual([expect.stringMatching(/^reports\.0\./)]);
      expect(await health()).toEqual(before);
    });

    it('refuses an empty batch, a batch over 50 reports and a malformed body', async () => {
      const token = await customer();
      expect((await send({ session: session(98), reports: [] }, token)).status).toBe(400);
      expect((await send({ session: session(98), reports: Array.from({ length: 51 }, () => load('0c0c0c0c0c0c')) }, token)).status).toBe(400);
      const malformed = await t().api('POST', '/api/v1/client_reports', { token, raw: '{"session":', headers: { 'content-type': 'text/plain' } });
      expect(malformed.status).toBe(400);
      expect((await health()).some((h) => h.release === '0c0c0c0c0c0c')).toBe(false);
    });

    it('stores the customer, never the token or a field it does not know', async () => {
      const { token, user } = await signupUser(t());
      const res = await send({ session: session(97), reports: [{ app: 'billing', release: '0b0b0b0b0b0b', kind: 'load', name: 'area', route: '/billing', token }] }, token);
      expect(res.status).toBe(204);
      const stored = await t().server.db.query<Record<string, unknown>>("SELECT * FROM client_reports WHERE release = '0b0b0b0b0b0b'");
      expect(stored).toHaveLength(1);
      expect(stored[0]!.user_id).toBe(user.id);
      expect(JSON.stringify(stored)).not.toContain(token);
    });
  },
  { config: { trustProxy: ['loopback'] } },
);

describeEachDb(
  'browser reports are rate-limited per client',
  (t) => {
    it('answers 429 after the limit for one client address while another still gets through', async () => {
      const { token } = await signupUser(t());
      const body = { reports: [load(RELEASE)] };
      const from = (ip: string) => t().api('POST', '/api/v1/client_reports', { token, body, headers: { 'x-forwarded-for': ip } });
      expect((await from('198.51.100.1')).status).toBe(204);
      expect((await from('198.51.100.1')).status).toBe(204);
      const limited = await from('198.51.100.1');
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/Too many requests/);
      expect((await from('198.51.100.2')).status).toBe(204);
    });
  },
  { rateLimits: { reports: { max: 2, timeWindow: 60_000 } }, config: { trustProxy: ['loopback'] } },
);
