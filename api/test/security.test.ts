import { MAX_CODES_PER_HOUR } from '../src/services/verification';
import { createFunding, createKit, describeEachDb, fundWallet, lastMessage, signupUser, uniqueEmail, uniqueKit, type TestServer } from './helpers';

const HOUR = 3600_000;

/** Strings an attacker tries in text fields; each must be stored and returned exactly, and change nothing else. */
const INJECTIONS = [
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '" OR 1=1 --',
  "Robert'); DROP TABLE kits;--",
  "1' OR '1'='1' /*",
  '<img src=x onerror="alert(document.cookie)">',
  '{{7*7}} ${7*7} %s%n',
  "\\'; SELECT pg_sleep(5); --",
  'Ádá Ọ̀kàfọ̀ 😀 עברית',
];

/** Every authenticated endpoint with a valid-looking request (ids need not exist: auth is checked first). */
const AUTH_ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/api/v1/starlink_kits/check_kit_number?kit_number=KIT1'],
  ['POST', '/api/v1/starlink_kits', { kit_number: 'KIT-AUTH-1', address: '1 Marina Road', nin: '12345678901' }],
  ['GET', '/api/v1/starlink_kits?page=1&per_page=10'],
  ['GET', '/api/v1/starlink_kits/1'],
  ['PUT', '/api/v1/starlink_kits/set_auto_renew', { id: 1, auto_renew: true }],
  ['PUT', '/api/v1/starlink_kits/kit_address_change_request?id=1', { starlink_kit_address: { address: '2 Broad Street' } }],
  ['POST', '/api/v1/starlink_activates/1/activate_kit'],
  ['GET', '/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=1'],
  ['GET', '/api/v1/starlink_kit_renewals/1/download_pdf'],
  ['GET', '/api/v1/starlink_user_wallet'],
  ['GET', '/api/v1/starlink_wallet_fundings'],
  ['POST', '/api/v1/starlink_wallet_fundings', { starlink_wallet_funding: { starlink_user_wallet_id: 1, amount: 1000, payment_method: 'offline' } }],
  ['PUT', '/api/v1/starlink_wallet_fundings/confirm_request?id=1', { starlink_wallet_funding: { paid: 'yes' } }],
  ['GET', '/api/v1/starlink_users/check_confirmation_status'],
  ['POST', '/api/v1/email_confirmations'],
  ['PUT', '/api/v1/email_confirmations/confirm_user_email?code=123456'],
  ['POST', '/api/v1/whatsapp_confirmations'],
  ['PUT', '/api/v1/whatsapp_confirmations/confirm_user_whatsapp?code=123456'],
  ['PUT', '/api/v1/starlink_users/email_change_request', { starlink_user_profile: { profile_param: 'new@example.com', current_password: 'secret123' } }],
  ['PUT', '/api/v1/starlink_users/phone_number_change_request', { starlink_user_profile: { profile_param: '+2348000000000', current_password: 'secret123' } }],
  ['PUT', '/api/v1/starlink_users/whatsapp_number_change_request', { starlink_user_profile: { profile_param: '+2348000000000', current_password: 'secret123' } }],
  ['POST', '/api/v1/logout'],
];

type Leaf = { path: string[]; wrong: unknown[] };
/** Every endpoint with a body: a valid body, and for each field the wrong-typed values it must refuse. */
const NUMBERS_FOR_STRINGS = [123, 0, -1.5, true, false, null, [], ['a'], {}, { a: 1 }];
const FOR_INTEGERS = [true, false, null, [], [1], {}, { id: 1 }, 1.5, -1, 0, 'abc', '1 OR 1=1', 1e300];
const FOR_BOOLEANS = ['true', 'false', 1, 0, null, [], {}, 'yes'];
interface BodyEndpoint {
  method: string;
  path: (ids: Ids) => string;
  auth: boolean;
  body: (ids: Ids) => Record<string, unknown>;
  leaves: Leaf[];
}
interface Ids {
  kitId: number;
  walletId: number;
  fundingId: number;
  email: string;
}
const s = (...p: string[]): Leaf => ({ path: p, wrong: NUMBERS_FOR_STRINGS });

const BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    method: 'POST',
    path: () => '/api/v1/signup',
    auth: false,
    body: () => ({
      starlink_user: { email: uniqueEmail('types'), password: 'secret123', confirm_password: 'secret123', phone_number: '+2348011111111', name: 'Type Test', whatsapp_number: '+2348022222222' },
    }),
    leaves: [s('starlink_user'), ...['email', 'password', 'confirm_password', 'phone_number', 'name', 'whatsapp_number'].map((f) => s('starlink_user', f))],
  },
  {
    method: 'POST',
    path: () => '/api/v1/login',
    auth: false,
    body: (ids) => ({ starlink_user: { email: ids.email, password: 'secret123' } }),
    leaves: [s('starlink_user'), s('starlink_user', 'email'), s('starlink_user', 'password')],
  },
  { method: 'POST', path: () => '/api/v1/password_resets', auth: false, body: (ids) => ({ email: ids.email }), leaves: [s('email')] },
  { method: 'PUT', path: () => '/api/v1/password_resets/not-a-token', auth: false, body: () => ({ password: 'secret123' }), leaves: [s('password')] },
  {
    method: 'POST',
    path: () => '/api/v1/starlink_kits',
    auth: true,
    body: () => ({ kit_number: uniqueKit(), address: '1 Marina Road, Lagos', nin: '12345678901', company_name: 'Acme', company_number: 'RC123' }),
    leaves: [
      s('kit_number'),
      s('address'),
      s('nin'),
      // null is a valid "no company" here.
      { path: ['company_name'], wrong: NUMBERS_FOR_STRINGS.filter((v) => v !== null) },
      { path: ['company_number'], wrong: NUMBERS_FOR_STRINGS.filter((v) => v !== null) },
    ],
  },
  {
    method: 'PUT',
    path: () => '/api/v1/starlink_kits/set_auto_renew',
    auth: true,
    body: (ids) => ({ id: ids.kitId, auto_renew: true }),
    leaves: [
      { path: ['id'], wrong: FOR_INTEGERS },
      { path: ['auto_renew'], wrong: FOR_BOOLEANS },
    ],
  },
  {
    method: 'PUT',
    path: (ids) => `/api/v1/starlink_kits/kit_address_change_request?id=${ids.kitId}`,
    auth: true,
    body: () => ({ starlink_kit_address: { address: '9 Changed Street, Abuja' } }),
    leaves: [s('starlink_kit_address'), s('starlink_kit_address', 'address')],
  },
  {
    method: 'POST',
    path: () => '/api/v1/starlink_wallet_fundings',
    auth: true,
    body: (ids) => ({ starlink_wallet_funding: { starlink_user_wallet_id: ids.walletId, amount: 1000, payment_method: 'offline' } }),
    leaves: [
      s('starlink_wallet_funding'),
      { path: ['starlink_wallet_funding', 'starlink_user_wallet_id'], wrong: [true, false, null, [], [1], {}, { id: 1 }] },
      { path: ['starlink_wallet_funding', 'amount'], wrong: [...FOR_INTEGERS, '', '12abc', '-5', 100_000_001] },
      s('starlink_wallet_funding', 'payment_method'),
    ],
  },
  {
    method: 'PUT',
    path: (ids) => `/api/v1/starlink_wallet_fundings/confirm_request?id=${ids.fundingId}`,
    auth: true,
    body: () => ({ starlink_wallet_funding: { paid: 'yes' } }),
    leaves: [s('starlink_wallet_funding'), { path: ['starlink_wallet_funding', 'paid'], wrong: [...NUMBERS_FOR_STRINGS, 'no', 'YES '] }],
  },
  ...(['email', 'phone_number', 'whatsapp_number'] as const).map(
    (field): BodyEndpoint => ({
      method: 'PUT',
      path: () => `/api/v1/starlink_users/${field === 'email' ? 'email' : field}_change_request`,
      auth: true,
      body: () => ({ starlink_user_profile: { profile_param: field === 'email' ? uniqueEmail('chg') : '+2348055555555', current_password: 'secret123' } }),
      leaves: [s('starlink_user_profile'), s('starlink_user_profile', 'profile_param'), s('starlink_user_profile', 'current_password')],
    }),
  ),
];

function withValue(body: Record<string, unknown>, p: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const key of p.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[p[p.length - 1]!] = value;
  return copy;
}

/** What a customer owns, read through the API: used to prove a refused request changed nothing. */
async function snapshot(t: TestServer, token: string) {
  const kits = (await t.api('GET', '/api/v1/starlink_kits?per_page=50', { token })).body.kits;
  const wallet = (await t.api('GET', '/api/v1/starlink_user_wallet', { token })).body;
  const fundings = (await t.api('GET', '/api/v1/starlink_wallet_fundings', { token })).body;
  const user = (await t.api('GET', '/api/v1/starlink_users/check_confirmation_status', { token })).body;
  const counts = await t.server.db.query('SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM kits) AS kits, (SELECT count(*)::int FROM wallet_fundings) AS fundings');
  return { kits, wallet, fundings, user, counts };
}

describeEachDb('security', (t) => {
  describe('tokens', () => {
    it('answers 401 with a message on every authenticated endpoint for missing, forged, tampered, revoked and expired tokens', async () => {
      const { token, email } = await signupUser(t());
      // Revoked: a password reset ends every session.
      const revoked = (await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password: 'secret123' } } })).body.token as string;
      const other = await signupUser(t());
      await t().api('POST', '/api/v1/password_resets', { body: { email: other.email } });
      const resetToken = new URL(lastMessage(t(), other.email, 'email')!.link!).searchParams.get('token')!;
      const otherLogin = (await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: other.email, password: 'secret123' } } })).body.token as string;
      expect((await t().api('PUT', `/api/v1/password_resets/${resetToken}`, { body: { password: 'changed-pass' } })).status).toBe(200);
      void revoked;
      const loggedOut = (await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password: 'secret123' } } })).body.token as string;
      expect((await t().api('POST', '/api/v1/logout', { token: loggedOut })).status).toBe(200);
      const flip = (tok: string) => tok.slice(0, -1) + (tok.endsWith('A') ? 'B' : 'A');
      const headers: [string, Record<string, string>][] = [
        ['missing', {}],
        ['empty bearer', { authorization: 'Bearer ' }],
        ['wrong scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
        ['token without scheme', { authorization: token }],
        ['random', { authorization: `Bearer ${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')}` }],
        ['tampered', { authorization: `Bearer ${flip(token)}` }],
        ['truncated', { authorization: `Bearer ${token.slice(0, -4)}` }],
        ['extended', { authorization: `Bearer ${token}x` }],
        ['sql', { authorization: "Bearer ' OR 1=1 --" }],
        ['sql-shaped', { authorization: 'Bearer abc%27OR%271%27=%271' }],
        ['jwt none', { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.' }],
        ['huge', { authorization: `Bearer ${'a'.repeat(5000)}` }],
        ['revoked by password reset', { authorization: `Bearer ${other.token}` }],
        ['revoked login session', { authorization: `Bearer ${otherLogin}` }],
        ['revoked by logout', { authorization: `Bearer ${loggedOut}` }],
      ];
      for (const [method, path, body] of AUTH_ENDPOINTS) {
        for (const [label, h] of headers) {
          const res = await t().api(method, path, { headers: h, body });
          expect({ method, path, label, status: res.status }).toEqual({ method, path, label, status: 401 });
          expect(typeof res.body.message).toBe('string');
        }
      }
      // The valid token still works, and expires with its session lifetime.
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).status).toBe(200);
      t().advance(7 * 24 * HOUR + 1000);
      try {
        for (const [method, path, body] of AUTH_ENDPOINTS) {
          const res = await t().api(method, path, { token, body });
          expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
          expect(res.body.message).toMatch(/log in again/);
        }
      } finally {
        t().advance(-(7 * 24 * HOUR + 1000));
      }
      // Nothing was written by any of the refused calls.
      expect((await t().api('GET', '/api/v1/starlink_kits', { token })).body.total_count).toBe(0);
      expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token })).body).toEqual([]);
    });

    it('refuses reset tokens that were used, superseded by another reset, expired, or tampered with', async () => {
      const { email } = await signupUser(t());
      const linkToken = async () => {
        await t().api('POST', '/api/v1/password_resets', { body: { email } });
        return new URL(lastMessage(t(), email, 'email')!.link!).searchParams.get('token')!;
      };
      const first = await linkToken();
      const second = await linkToken();
      const put = (tok: string, password = 'new-password-1') => t().api('PUT', `/api/v1/password_resets/${encodeURIComponent(tok)}`, { body: { password } });
      for (const bad of [first.slice(0, -1) + (first.endsWith('A') ? 'B' : 'A'), first + 'x', "' OR 1=1 --", '..%2F..%2Fetc%2Fpasswd']) {
        const res = await put(bad);
        expect(res.status).toBe(422);
        expect(res.body.error).toBe('Invalid or expired reset token');
      }
      // Two parallel uses of one token: exactly one wins.
      const results = await Promise.all([put(second, 'winner-pass-1'), put(second, 'winner-pass-2')]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
      // The other outstanding link died with the reset.
      expect((await put(first)).status).toBe(422);
      const third = await linkToken();
      t().advance(HOUR + 1000);
      try {
        expect((await put(third)).status).toBe(422);
      } finally {
        t().advance(-(HOUR + 1000));
      }
      expect((await put(third)).status).toBe(200);
      expect((await put(third)).status).toBe(422);
    });
  });

  describe('codes', () => {
    it('locks a WhatsApp code after 5 wrong guesses, even when the guesses arrive in parallel', async () => {
      const phone = '+23480' + String(Date.now()).slice(-8);
      const { token } = await signupUser(t(), { whatsapp_number: phone });
      await t().api('POST', '/api/v1/whatsapp_confirmations', { token });
      const code = lastMessage(t(), phone, 'whatsapp')!.code!;
      const wrong = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const results = await Promise.all(wrong.map((c) => t().api('PUT', `/api/v1/whatsapp_confirmations/confirm_user_whatsapp?code=${c}`, { token })));
      expect(results.every((r) => r.status === 422 && r.body.success === false)).toBe(true);
      expect(results.filter((r) => r.body.error === 'Invalid verification code')).toHaveLength(5);
      const locked = await t().api('PUT', `/api/v1/whatsapp_confirmations/confirm_user_whatsapp?code=${code}`, { token });
      expect(locked.status).toBe(422);
      expect(locked.body.message).toMatch(/Too many attempts/);
      // A fresh code works (the lock is per code, bounded by how many codes can be sent).
      await t().api('POST', '/api/v1/whatsapp_confirmations', { token });
      const fresh = lastMessage(t(), phone, 'whatsapp')!.code!;
      expect((await t().api('PUT', `/api/v1/whatsapp_confirmations/confirm_user_whatsapp?code=${fresh}`, { token })).body.success).toBe(true);
    });

    it(`sends at most ${MAX_CODES_PER_HOUR} codes per customer per channel per hour, from any IP or session`, async () => {
      const { token, email, password } = await signupUser(t());
      const second = (await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password } } })).body.token as string;
      const statuses: number[] = [];
      for (let i = 0; i < MAX_CODES_PER_HOUR + 2; i++) {
        statuses.push((await t().api('POST', '/api/v1/email_confirmations', { token: i % 2 ? second : token })).status);
      }
      expect(statuses).toEqual([...Array(MAX_CODES_PER_HOUR).fill(200), 429, 429]);
      const limited = await t().api('POST', '/api/v1/email_confirmations', { token });
      expect(limited.body.message).toMatch(/Too many codes/);
      // WhatsApp has its own budget; the email budget comes back after an hour.
      expect((await t().api('POST', '/api/v1/whatsapp_confirmations', { token })).status).toBe(200);
      t().advance(HOUR + 1000);
      try {
        expect((await t().api('POST', '/api/v1/email_confirmations', { token })).status).toBe(200);
      } finally {
        t().advance(-(HOUR + 1000));
      }
    });
  });

  describe('injection', () => {
    it('stores and returns injection strings in every text field byte for byte, and the database keeps working', async () => {
      const tables = async () =>
        (await t().server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('users','kits','wallets','wallet_fundings','kit_renewals','wallet_transactions','sessions')"))[0]!.n;
      const tablesBefore = await tables();
      for (const evil of INJECTIONS) {
        const name = evil.length >= 2 ? evil : `${evil}--`;
        const { token, user, email } = await signupUser(t(), { name });
        expect(user.name).toBe(name);
        const login = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password: 'secret123' } } });
        expect(login.body.user.name).toBe(name);
        // Injection in credentials never logs anyone in.
        for (const field of [{ email: evil, password: 'secret123' }, { email, password: evil }, { email: `${email}' --`, password: 'x' }]) {
          const r = await t().api('POST', '/api/v1/login', { body: { starlink_user: field } });
          expect(r.status).toBe(401);
        }
        const created = await t().api('POST', '/api/v1/starlink_kits', {
          token,
          body: { kit_number: uniqueKit(), address: `${evil} 12345`, nin: '12345678901', company_name: evil, company_number: evil },
        });
        expect(created.status).toBe(201);
        expect(created.body.kit).toMatchObject({ address: `${evil} 12345`, company_name: evil, company_number: evil });
        const kitId = created.body.kit.id;
        const shown = (await t().api('GET', `/api/v1/starlink_kits/${kitId}`, { token })).body.kit;
        expect(shown).toMatchObject({ address: `${evil} 12345`, company_name: evil, company_number: evil });
        const listed = (await t().api('GET', '/api/v1/starlink_kits', { token })).body.kits[0];
        expect(listed).toMatchObject({ address: `${evil} 12345`, company_name: evil });
        const moved = await t().api('PUT', `/api/v1/starlink_kits/kit_address_change_request?id=${kitId}`, { token, body: { starlink_kit_address: { address: `${evil} moved` } } });
        expect(moved.status).toBe(200);
        expect(moved.body.kit.address).toBe(`${evil} moved`);
        // The JSON is plain data: served as application/json with nosniff, never as HTML.
        expect(moved.headers.get('content-type')).toMatch(/^application\/json/);
        expect(moved.headers.get('x-content-type-options')).toBe('nosniff');
        // Kit numbers, NIN, phone numbers: restricted formats refuse the string (400), never a 500.
        for (const [path, body] of [
          ['/api/v1/starlink_kits', { kit_number: evil, address: '1 Marina Road', nin: '12345678901' }],
          ['/api/v1/starlink_kits', { kit_number: uniqueKit(), address: '1 Marina Road', nin: evil }],
        ] as const) {
          expect((await t().api('POST', path, { token, body })).status).toBe(400);
        }
        for (const f of ['phone_number', 'whatsapp_number']) {
          const r = await t().api('PUT', `/api/v1/starlink_users/${f}_change_request`, { token, body: { starlink_user_profile: { profile_param: evil, current_password: 'secret123' } } });
          expect(r.status).toBe(400);
        }
        // Query strings and path segments.
        const q = encodeURIComponent(evil);
        for (const [method, path] of [
          ['GET', `/api/v1/starlink_kits/check_kit_number?kit_number=${q}`],
          ['GET', `/api/v1/starlink_kits/${q}`],
          ['GET', `/api/v1/starlink_kits?page=${q}`],
          ['GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${q}`],
          ['PUT', `/api/v1/email_confirmations/confirm_user_email?code=${q}`],
        ]) {
          const r = await t().api(method!, path!, { token });
          expect({ path, status: r.status < 500 && r.status >= 400 }).toEqual({ path, status: true });
          expect(typeof r.body.message).toBe('string');
        }
        // Funding with an injected wallet reference finds no wallet; an injected Idempotency-Key is just a key.
        const wallet = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body;
        const viaEvilRef = await t().api('POST', '/api/v1/starlink_wallet_fundings', {
          token,
          body: { starlink_wallet_funding: { starlink_user_wallet_id: `${wallet.id} OR 1=1`, amount: 1000, payment_method: 'offline' } },
        });
        expect(viaEvilRef.status).toBe(404);
        const keyed = await t().api('POST', '/api/v1/starlink_wallet_fundings', {
          token,
          headers: { 'idempotency-key': encodeURIComponent(evil).slice(0, 100) },
          body: { starlink_wallet_funding: { starlink_user_wallet_id: wallet.id, amount: 1000, payment_method: 'offline' } },
        });
        expect(keyed.status).toBe(201);
      }
      // Emails that look like injections but are valid addresses are still just (lower-cased) addresses; the rest
      // are refused as addresses before anything reads them.
      const { token } = await signupUser(t());
      for (const evilEmail of ["o'reilly--@example.com", "x'or'1'='1--@example.com", "{$where}|'drop'@example.com"]) {
        const r = await t().api('PUT', '/api/v1/starlink_users/email_change_request', { token, body: { starlink_user_profile: { profile_param: evilEmail, current_password: 'secret123' } } });
        expect(r.status).toBe(200);
        expect(r.body.user.email).toBe(evilEmail);
        expect((await t().api('POST', '/api/v1/password_resets', { body: { email: evilEmail } })).status).toBe(200);
      }
      for (const evilEmail of ["x';drop-table-users;--@example.com", '<script>alert(1)</script>@example.com', '"or"1"="1"@example.com']) {
        const r = await t().api('PUT', '/api/v1/starlink_users/email_change_request', { token, body: { starlink_user_profile: { profile_param: evilEmail, current_password: 'secret123' } } });
        expect({ evilEmail, status: r.status, message: r.body.message }).toEqual({ evilEmail, status: 400, message: 'Enter a valid email address.' });
      }
      // The PDF renders with hostile text in it.
      const payer = await signupUser(t(), { name: INJECTIONS[1]! });
      const kit = await createKit(t(), payer.token);
      await t().api('PUT', `/api/v1/starlink_kits/kit_address_change_request?id=${kit.id}`, { token: payer.token, body: { starlink_kit_address: { address: INJECTIONS.join(' | ') } } });
      await fundWallet(t(), payer.token, 57000);
      const activated = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token: payer.token });
      expect(activated.status).toBe(200);
      const pdf = await t().api('GET', `/api/v1/starlink_kit_renewals/${activated.body.renewal.id}/download_pdf`, { token: payer.token });
      expect(pdf.status).toBe(200);
      expect(pdf.bytes!.subarray(0, 5).toString()).toBe('%PDF-');
      // Every table is still there and still answers.
      expect(await tables()).toBe(tablesBefore);
      const [{ n }] = (await t().server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE name = '<script>alert(1)</script>'")) as [{ n: number }];
      expect(n).toBeGreaterThanOrEqual(1);
    });

    it('answers 400 (not 500) for text the database cannot store, such as NUL characters', async () => {
      const { token } = await signupUser(t());
      const cases: [string, string, unknown][] = [
        ['POST', '/api/v1/starlink_kits', { kit_number: uniqueKit(), address: '1 Marina\u0000 Road', nin: '12345678901' }],
        ['POST', '/api/v1/starlink_kits', { kit_number: uniqueKit(), address: '1 Marina Road', nin: '12345678901', company_name: 'A\u0000' }],
        ['PUT', '/api/v1/starlink_users/email_change_request', { starlink_user_profile: { profile_param: 'a\u0000b@example.com', current_password: 'secret123' } }],
        ['POST', '/api/v1/login', { starlink_user: { email: 'a\u0000@example.com', password: 'x' } }],
      ];
      for (const [method, path, body] of cases) {
        const r = await t().api(method, path, { token, body });
        expect({ path, status: r.status }).toEqual({ path, status: 400 });
        expect(typeof r.body.message).toBe('string');
      }
      const signup = await t().api('POST', '/api/v1/signup', {
        body: { starlink_user: { email: uniqueEmail(), password: 'secret123', confirm_password: 'secret123', phone_number: '+2348011111111', name: 'Nul\u0000Name', whatsapp_number: '+2348022222222' } },
      });
      expect(signup.status).toBe(400);
      const q = await t().api('GET', '/api/v1/starlink_kits/check_kit_number?kit_number=%00abc', { token });
      expect(q.status).toBe(400);
      const code = await t().api('PUT', '/api/v1/email_confirmations/confirm_user_email?code=%00', { token });
      expect(code.status).toBeLessThan(500);
      const reset = await t().api('PUT', '/api/v1/password_resets/%00%00', { body: { password: 'secret123' } });
      expect(reset.status).toBeLessThan(500);
    });
  });

  describe('wrong types and oversized bodies', () => {
    let token = '';
    let ids: Ids;
    beforeAll(async () => {
      const u = await signupUser(t());
      token = u.token;
      const kit = await createKit(t(), token);
      const wallet = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body;
      const funding = await createFunding(t(), token, 4321, { walletId: wallet.id });
      ids = { kitId: kit.id, walletId: wallet.id, fundingId: funding.id, email: u.email };
    });

    it.each(BODY_ENDPOINTS.map((e) => [`${e.method} ${e.path({ kitId: 1, walletId: 1, fundingId: 1, email: 'x' })}`, e] as const))(
      '%s: every field with a wrong JSON type gets 400 with a message and writes nothing',
      async (_label, e) => {
        const before = await snapshot(t(), token);
        const tk = e.auth ? token : undefined;
        for (const leaf of e.leaves) {
          for (const wrong of leaf.wrong) {
            const res = await t().api(e.method, e.path(ids), { token: tk, body: withValue(e.body(ids), leaf.path, wrong) });
            const field = leaf.path.join('.');
            expect({ field, wrong, status: res.status }).toEqual({ field, wrong, status: 400 });
            // The customer reads a sentence; a program finds the field in errors.
            // (An empty wrapper object names the fields missing inside it.)
            const named = Object.keys(res.body.errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`));
            expect({ field, wrong, message: res.body.message, named }).toEqual({ field, wrong, message: expect.stringMatching(/^[A-Z].*\.$/), named: true });
            expect(Object.values(res.body.errors)).toContain(res.body.message);
          }
          // The field missing altogether.
          const missing = structuredClone(e.body(ids));
          let node = missing as Record<string, unknown>;
          for (const key of leaf.path.slice(0, -1)) node = node[key] as Record<string, unknown>;
          delete node[leaf.path[leaf.path.length - 1]!];
          const res = await t().api(e.method, e.path(ids), { token: tk, body: missing });
          if (!['company_name', 'company_number'].includes(leaf.path[0]!)) {
            expect(res.status).toBe(400);
            expect(res.body.errors?.[leaf.path.join('.')]).toMatch(/^[A-Z].*( is required| as an object)\.$/);
          }
          else expect(res.status).toBeLessThan(300); // optional fields
        }
        // The whole body as the wrong type.
        for (const whole of [null, 1, 'text', true, [], [e.body(ids)]]) {
          const res = await t().api(e.method, e.path(ids), { token: tk, raw: JSON.stringify(whole) });
          expect({ whole, status: res.status }).toEqual({ whole, status: 400 });
          expect(typeof res.body.message).toBe('string');
        }
        // Over the body limit: 413 with a message, also when the excess hides in a nested string.
        const big = withValue(e.body(ids), e.leaves[e.leaves.length - 1]!.path, 'x'.repeat(40_000));
        const res = await t().api(e.method, e.path(ids), { token: tk, body: big });
        expect(res.status).toBe(413);
        expect(res.body.message).toMatch(/larger than/);
        // A valid body still works afterwards (except for endpoints whose success changes the fixture).
        const after = await snapshot(t(), token);
        if (e.path(ids).includes('starlink_kits') && e.method === 'POST') {
          // The optional-field probes above created kits on purpose.
          expect(after.wallet).toEqual(before.wallet);
        } else if (!/change_request|set_auto_renew|signup|login/.test(e.path(ids))) {
          expect(after).toEqual(before);
        }
      },
    );

    it('answers 413 on endpoints that take no body too, and strings at the edge of their limits are fine', async () => {
      for (const [method, path] of [
        ['POST', `/api/v1/starlink_activates/${ids.kitId}/activate_kit`],
        ['POST', '/api/v1/email_confirmations'],
        ['POST', '/api/v1/whatsapp_confirmations'],
        ['PUT', '/api/v1/email_confirmations/confirm_user_email?code=123456'],
      ]) {
        const res = await t().api(method!, path!, { token, raw: JSON.stringify({ pad: 'x'.repeat(40_000) }) });
        expect({ path, status: res.status }).toEqual({ path, status: 413 });
        expect(typeof res.body.message).toBe('string');
      }
      const longest = await t().api('POST', '/api/v1/starlink_kits', {
        token,
        body: { kit_number: 'K'.repeat(40), address: 'a'.repeat(300), nin: '12345678901', company_name: 'c'.repeat(120), company_number: 'n'.repeat(120) },
      });
      expect(longest.status).toBe(201);
      const tooLong = await t().api('POST', '/api/v1/starlink_kits', {
        token,
        body: { kit_number: uniqueKit(), address: 'a'.repeat(301), nin: '12345678901' },
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.message).toBe('Enter an address of 5 to 300 characters.');
      const hugeNumber = await t().api('GET', '/api/v1/starlink_kits/99999999999999999999', { token });
      expect(hugeNumber.status).toBe(400);
      const deep = await t().api('POST', '/api/v1/login', { raw: `{"starlink_user":${'['.repeat(5000)}${']'.repeat(5000)}}` });
      expect(deep.status).toBe(400);
    });
  });
});
