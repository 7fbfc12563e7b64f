import { describeEachDb, signupUser } from './helpers';

const RELEASE = 'a1b2c3d4e5f6';
const OTHER = '0f0f0f0f0f0f';
const THIRD = '0e0e0e0e0e0e';
const session = (n: number) => `session-${String(n).padStart(12, '0')}`;

describeEachDb(
  'browser reports per area release',
  (t) => {
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      t().api('POST', '/api/v1/client_reports', { body, headers: { 'x-forwarded-for': '203.0.113.9', ...headers } });
    const health = async (app?: string) => {
      const res = await t().operator({ cmd: 'release-health', ...(app ? { app } : {}) });
      expect(res.status).toBe(200);
      return res.body.result as { release: string; sessions: number; error_sessions: number; errors: number; p75_lcp: number | null; p75_inp: number | null }[];
    };

    it('stores a batch sent as a beacon (text/plain) and counts sessions, errors and p75 vitals per release', async () => {
      for (let n = 0; n < 4; n += 1) {
        const reports = [
          { app: 'kits', release: RELEASE, kind: 'load', name: 'area', route: '/home' },
          { app: 'kits', release: RELEASE, kind: 'vital', name: 'LCP', value: 1000 * (n + 1), route: '/home' },
          { app: 'kits', release: RELEASE, kind: 'vital', name: 'INP', value: 100 * (n + 1), route: '/dashboard/:id' },
        ];
        if (n === 0) reports.push({ app: 'kits', release: RELEASE, kind: 'error', name: 'TypeError', route: '/home' });
        const res = await t().api('POST', '/api/v1/client_reports', {
          raw: JSON.stringify({ session: session(n), reports }),
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
        });
        expect(res.status).toBe(204);
      }
      const [kits] = await health('kits');
      expect(kits).toEqual({
        app: 'kits',
        release: RELEASE,
        sessions: 4,
        error_sessions: 1,
        errors: 1,
        p75_lcp: 3250,
        p75_inp: 325,
        p75_cls: null,
      });
      expect((await health('billing')).length).toBe(0);
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
      const res = await send({ session: session(99), reports: [{ app: 'kits', release: THIRD, kind: 'load', name: 'area', route: '/home', ...change }] });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(Object.keys(res.body.errors ?? {})).toEqual([expect.stringMatching(/^reports\.0\./)]);
      expect(await health()).toEqual(before);
    });

    it('refuses an empty batch, a batch over 50 reports and a malformed body', async () => {
      const one = { app: 'kits', release: THIRD, kind: 'load', name: 'area', route: '/home' };
      expect((await send({ session: session(98), reports: [] })).status).toBe(400);
      expect((await send({ session: session(98), reports: Array.from({ length: 51 }, () => one) })).status).toBe(400);
      const malformed = await t().api('POST', '/api/v1/client_reports', { raw: '{"session":', headers: { 'content-type': 'text/plain' } });
      expect(malformed.status).toBe(400);
      expect((await health()).some((h) => h.release === THIRD)).toBe(false);
    });

    it('needs no session and reads none: a customer token sent along, or in a field it does not know, is not stored', async () => {
      const { token } = await signupUser(t());
      const res = await t().api('POST', '/api/v1/client_reports', {
        token,
        body: { session: session(97), reports: [{ app: 'billing', release: OTHER, kind: 'load', name: 'area', route: '/billing', token }] },
      });
      expect(res.status).toBe(204);
      const stored = await t().server.db.query<Record<string, unknown>>('SELECT * FROM client_reports WHERE release = $1', [OTHER]);
      expect(stored).toHaveLength(1);
      expect(Object.keys(stored[0]!).sort()).toEqual(['app', 'id', 'kind', 'name', 'received_at', 'release', 'route', 'session', 'value']);
      expect(JSON.stringify(stored)).not.toContain(token);
    });
  },
  { config: { trustProxy: ['loopback'] } },
);

describeEachDb(
  'browser reports are rate-limited per client',
  (t) => {
    it('answers 429 after the limit for one client address while another still gets through', async () => {
      const body = { session: session(1), reports: [{ app: 'kits', release: RELEASE, kind: 'load', name: 'area', route: '/home' }] };
      const from = (ip: string) => t().api('POST', '/api/v1/client_reports', { body, headers: { 'x-forwarded-for': ip } });
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
