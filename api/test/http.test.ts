import { createSession } from '../src/services/users';
import { describeEachDb, signupUser, uniqueEmail } from './helpers';

// Every endpoint that takes a body, with its method.
const BODY_ENDPOINTS: [string, string, boolean][] = [
  ['POST', '/api/v1/signup', false],
  ['POST', '/api/v1/login', false],
  ['POST', '/api/v1/password_resets', false],
  ['PUT', '/api/v1/password_resets/sometoken', false],
  ['POST', '/api/v1/starlink_kits', true],
  ['PUT', '/api/v1/starlink_kits/set_auto_renew', true],
  ['PUT', '/api/v1/starlink_kits/kit_address_change_request?id=1', true],
  ['POST', '/api/v1/starlink_wallet_fundings', true],
  ['PUT', '/api/v1/starlink_wallet_fundings/confirm_request?id=1', true],
  ['PUT', '/api/v1/starlink_users/email_change_request', true],
  ['PUT', '/api/v1/starlink_users/phone_number_change_request', true],
  ['PUT', '/api/v1/starlink_users/whatsapp_number_change_request', true],
];

// Endpoints whose only input is the query string or path.
const QUERY_ENDPOINTS: [string, string][] = [
  ['GET', '/api/v1/starlink_kits/check_kit_number?kit_number=%20%20'],
  ['GET', '/api/v1/starlink_kits?page=-1'],
  ['GET', '/api/v1/starlink_kits/abc'],
  ['POST', '/api/v1/starlink_activates/abc/activate_kit'],
  ['GET', '/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=x'],
  ['GET', '/api/v1/starlink_kit_renewals/0/download_pdf'],
  ['PUT', '/api/v1/email_confirmations/confirm_user_email'],
  ['PUT', '/api/v1/whatsapp_confirmations/confirm_user_whatsapp'],
];

describeEachDb('HTTP behaviour', (t) => {
  let token = '';
  beforeAll(async () => {
    token = (await signupUser(t())).token;
  });

  it.each(BODY_ENDPOINTS)('%s %s rejects malformed, wrong-typed and empty bodies with 4xx JSON', async (method, path, auth) => {
    const tk = auth ? token : undefined;
    const cases: { raw?: string; body?: unknown }[] = [
      { raw: '{"broken": ' },
      { raw: '[1,2,3]' },
      { raw: '"just a string"' },
      { body: {} },
      { body: { starlink_user: 'x', starlink_kit_address: 5, starlink_wallet_funding: [], starlink_user_profile: null, id: 'x', email: 5 } },
    ];
    for (const c of cases) {
      const res = await t().api(method, path, { token: tk, ...c });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    const wrongType = await t().api(method, path, { token: tk, raw: 'a=b', headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
    expect(typeof wrongType.body.message).toBe('string');
  });

  it.each(QUERY_ENDPOINTS)('%s %s rejects invalid parameters with 400', async (method, path) => {
    const res = await t().api(method, path, { token });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('leaves nothing behind after rejected writes', async () => {
    const kits = await t().api('GET', '/api/v1/starlink_kits', { token });
    expect(kits.body.total_count).toBe(0);
    expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token })).body).toEqual([]);
  });

  it('answers 413 for oversized bodies', async () => {
    const res = await t().api('POST', '/api/v1/login', { raw: JSON.stringify({ starlink_user: { email: 'a@b.co', password: 'x'.repeat(40_000) } }) });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/larger than/);
  });

  it('answers unknown routes with 404 JSON and marks responses no-store', async () => {
    const res = await t().api('GET', '/api/v1/does_not_exist');
    expect(res.status).toBe(404);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).headers.get('cache-control')).toBe('no-store');
  });

  it('allows the portal origins in CORS and no others', async () => {
    const preflight = await fetch(`${t().url}/api/v1/starlink_kits`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const evil = await fetch(`${t().url}/api/v1/starlink_kits`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const pdfExposed = await fetch(`${t().url}/health`, { headers: { origin: 'http://127.0.0.1:3002' } });
    expect(pdfExposed.headers.get('access-control-expose-headers')).toContain('Content-Disposition');
  });

  it('hides operator routes from callers without the token', async () => {
    expect((await t().api('POST', '/operator/command', { body: { cmd: 'users' } })).status).toBe(404);
    expect((await t().api('POST', '/operator/command', { body: { cmd: 'users' }, headers: { 'x-operator-token': 'wrong' } })).status).toBe(404);
    const ok = await t().operator({ cmd: 'users' });
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body.result)).toBe(true);
  });
});

describeEachDb(
  'rate limits',
  (t) => {
    it('limits login attempts per client', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: 'x@example.com', password: 'nope' } } })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const limited = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: 'x@example.com', password: 'nope' } } });
      expect(limited.body.message).toMatch(/Too many requests/);
    });

    it('limits password reset requests per client', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await t().api('POST', '/api/v1/password_resets', { body: { email: uniqueEmail() } })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it('limits code sending per client', async () => {
      // The auth budget is spent above, so open a session directly for the seeded demo customer.
      await t().operator({ cmd: 'seed' });
      const [demo] = await t().server.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'demo@example.com'");
      const token = await createSession(t().server.ctx, demo!.id);
      const email = [];
      for (let i = 0; i < 3; i++) email.push((await t().api('POST', '/api/v1/email_confirmations', { token })).status);
      expect(email).toEqual([200, 200, 429]);
      const whatsapp = (await t().api('POST', '/api/v1/whatsapp_confirmations', { token })).status;
      expect(whatsapp).toBe(200);
    });
  },
  { rateLimits: { auth: { max: 3, timeWindow: 60_000 }, codes: { max: 2, timeWindow: 60_000 } } },
);

describeEachDb(
  'rate limits behind a trusted proxy',
  (t) => {
    const login = (forwardedFor: string) =>
      t().api('POST', '/api/v1/login', {
        body: { starlink_user: { email: 'x@example.com', password: 'nope' } },
        headers: { 'x-forwarded-for': forwardedFor },
      });

    it('counts each forwarded client on its own, as a proxy on loopback names them', async () => {
      const first = [];
      for (let i = 0; i < 3; i++) first.push((await login('203.0.113.7')).status);
      expect(first).toEqual([401, 401, 429]);
      // Another customer behind the same proxy still gets through.
      expect((await login('203.0.113.8')).status).toBe(401);
    });
  },
  { rateLimits: { auth: { max: 2, timeWindow: 60_000 } }, config: { trustProxy: ['loopback'] } },
);

describeEachDb(
  'rate limits without a trusted proxy',
  (t) => {
    it('ignores X-Forwarded-For, so a client cannot pick a fresh bucket per request', async () => {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await t().api('POST', '/api/v1/login', {
          body: { starlink_user: { email: 'x@example.com', password: 'nope' } },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 429]);
    });
  },
  { rateLimits: { auth: { max: 2, timeWindow: 60_000 } } },
);
