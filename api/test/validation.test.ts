import { checkEmail, checkPhone } from '../src/lib/input';
import { describeEachDb, signupUser, uniqueEmail, uniqueKit, type TestServer } from './helpers';

const base = () => ({
  email: uniqueEmail('val'),
  password: 'secret123',
  confirm_password: 'secret123',
  phone_number: '+2348011111111',
  name: 'Ada Okafor',
  whatsapp_number: '+2348022222222',
});

// Each look-alike of a valid address, as a customer (or an attacker) might type it.
const LOOK_ALIKE_EMAILS: [string, (email: string) => string][] = [
  ['a zero-width space', (e) => e.replace('@', '\u200b@')],
  ['a zero-width joiner in the domain', (e) => e.replace('example', 'exa\u200dmple')],
  ['a soft hyphen', (e) => e.replace('@', '\u00ad@')],
  ['a Cyrillic letter among Latin ones', (e) => e.replace('e', '\u0435')],
  ['a Greek letter in the domain', (e) => e.replace('example', 'ex\u03b1mple')],
  ['a trailing dot in the domain', (e) => `${e}.`],
  ['a space inside', (e) => e.replace('@', ' @')],
  ['a non-breaking space inside', (e) => e.replace('@', '\u00a0@')],
  ['a right-to-left override', (e) => `\u202e${e}`],
];

async function users(t: TestServer): Promise<number> {
  const [row] = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return row!.n;
}

describe('input rules (unit)', () => {
  it('normalises emails: trimmed, lower-cased, NFKC (full-width letters become plain ones)', () => {
    expect(checkEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(checkEmail('\uff21da@example.com')).toBe('ada@example.com');
    expect(checkEmail('o\'reilly+tag@sub.example.ng')).toBe("o'reilly+tag@sub.example.ng");
    // One script throughout is a real address, not a look-alike.
    expect(checkEmail('иван@пример.рф')).toBe('иван@пример.рф');
  });

  it('refuses look-alike and malformed emails', () => {
    for (const [, make] of LOOK_ALIKE_EMAILS) expect(checkEmail(make('val@example.com'))).toBeNull();
    for (const bad of ['plain', '@example.com', 'a@', 'a@b', 'a@.com', 'a..b@example.com', '.a@example.com', 'a@example..com', 'a@-x.com', '<a>@example.com', 'a@example.c0m']) {
      expect({ bad, ok: checkEmail(bad) }).toEqual({ bad, ok: null });
    }
  });

  it('normalises phone numbers to + and 7 to 15 digits, refusing everything else', () => {
    expect(checkPhone('+234 801-234-5678')).toBe('+2348012345678');
    expect(checkPhone('+1 (415) 555.0100')).toBe('+14155550100');
    expect(checkPhone('\uff0b\uff12\uff13\uff14\uff18\uff10\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18')).toBe('+2348012345678');
    for (const bad of ['0000000', '+234-----------', '+234', '08012345678', '+0123456789', '+1234567890123456', '+234 801 ABC 5678', '+234\u200b8012345678', '']) {
      expect({ bad, ok: checkPhone(bad) }).toEqual({ bad, ok: null });
    }
  });
});

describeEachDb('validation', (t) => {
  const signup = (overrides: Record<string, unknown>) =>
    t().api('POST', '/api/v1/signup', { body: { starlink_user: { ...base(), ...overrides } } });

  it('normalises the email once: different spellings of one address are one account', async () => {
    const first = await signup({ email: '  Ｎｆｋｃ.Case@Example.COM ' });
    expect(first.status).toBe(201);
    expect(first.body.user.email).toBe('nfkc.case@example.com');
    const again = await signup({ email: 'NFKC.case@example.com' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Email has already been taken');
    const login = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: ' Nfkc.Case@EXAMPLE.com', password: 'secret123' } } });
    expect(login.status).toBe(200);
  });

  it.each(LOOK_ALIKE_EMAILS)('refuses an email with %s (400, readable message, no account)', async (_label, make) => {
    const { email } = await signupUser(t());
    const before = await users(t());
    const res = await signup({ email: make(email) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Enter a valid email address.',
      error: 'Enter a valid email address.',
      errors: { 'starlink_user.email': 'Enter a valid email address.' },
    });
    expect(await users(t())).toBe(before);
    // The same rule holds where an address is changed or a reset is asked for.
    const { token } = await signupUser(t());
    const change = await t().api('PUT', '/api/v1/starlink_users/email_change_request', { token, body: { starlink_user_profile: { profile_param: make(email), current_password: 'secret123' } } });
    expect(change.status).toBe(400);
    expect(change.body.errors).toEqual({ 'starlink_user_profile.profile_param': 'Enter a valid email address.' });
    const reset = await t().api('POST', '/api/v1/password_resets', { body: { email: make(email) } });
    expect(reset.status).toBe(400);
    expect(reset.body.error).toBe('Enter a valid email address.');
  });

  it.each([
    ['0000000', 'no country code'],
    ['+234-----------', 'only dashes after the code (was stored as "+234")'],
    ['+234', 'no number'],
    ['+2348012345678901', 'more than 15 digits'],
    ['+234 801 234 567a', 'a letter'],
  ])('refuses the phone number %s (%s) on signup and on change', async (bad) => {
    const before = await users(t());
    const res = await signup({ phone_number: bad, whatsapp_number: bad });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Enter a valid phone number.');
    expect(res.body.errors).toEqual({
      'starlink_user.phone_number': 'Enter a valid phone number.',
      'starlink_user.whatsapp_number': 'Enter a valid WhatsApp number.',
    });
    expect(await users(t())).toBe(before);
    const { token } = await signupUser(t());
    for (const [path, message] of [
      ['phone_number_change_request', 'Enter a valid phone number.'],
      ['whatsapp_number_change_request', 'Enter a valid WhatsApp number.'],
    ] as const) {
      const change = await t().api('PUT', `/api/v1/starlink_users/${path}`, { token, body: { starlink_user_profile: { profile_param: bad, current_password: 'secret123' } } });
      expect({ path, status: change.status, message: change.body.message }).toEqual({ path, status: 400, message });
    }
  });

  it('stores the phone numbers the portal sends (country code, leading 0 stripped) and typed spacing as digits', async () => {
    const res = await signup({ phone_number: '+234 801-234-5678', whatsapp_number: '+2348099999999' });
    expect(res.status).toBe(201);
    expect(res.body.user.phone_number).toBe('+2348012345678');
    expect(res.body.user.whatsapp_number).toBe('+2348099999999');
  });

  it('answers each kind of mistake with a sentence a customer can read, and errors per field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'abc', confirm_password: 'abc' }, 'starlink_user.password', 'Password must be at least 6 characters.'],
      [{ password: 'x'.repeat(129) }, 'starlink_user.password', 'Password must be at most 128 characters.'],
      [{ email: 'not-an-email' }, 'starlink_user.email', 'Enter a valid email address.'],
      [{ phone_number: '12' }, 'starlink_user.phone_number', 'Enter a valid phone number.'],
      [{ name: 'A' }, 'starlink_user.name', 'Enter your name (2 to 120 characters).'],
      [{ name: 42 }, 'starlink_user.name', 'Enter your name (2 to 120 characters).'],
      [{ whatsapp_number: undefined }, 'starlink_user.whatsapp_number', 'WhatsApp number is required.'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await signup(overrides);
      expect({ field, status: res.status, message: res.body.message, errors: res.body.errors }).toEqual({ field, status: 400, message, errors: { [field]: message } });
    }
    // Several mistakes at once: each field is named, the first one is the message.
    const many = await signup({ email: 'nope', password: 'abc', phone_number: '0000000' });
    expect(many.status).toBe(400);
    expect(many.body.errors).toEqual({
      'starlink_user.email': 'Enter a valid email address.',
      'starlink_user.password': 'Password must be at least 6 characters.',
      'starlink_user.phone_number': 'Enter a valid phone number.',
    });
    expect(Object.values(many.body.errors)).toContain(many.body.message);
    // A program that forgets the wrapper is told what to send.
    const unwrapped = await t().api('POST', '/api/v1/signup', { body: base() });
    expect(unwrapped.status).toBe(400);
    expect(unwrapped.body.errors).toEqual({ starlink_user: 'The request must send starlink_user as an object.' });
    const reset = await t().api('PUT', '/api/v1/password_resets/sometoken', { body: { password: 'abc' } });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ message: 'Password must be at least 6 characters.', error: 'Password must be at least 6 characters.' });
  });

  it('never lets the validator speak to customers', async () => {
    const { token } = await signupUser(t());
    const wallet = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body;
    const responses = [
      await signup({ password: 'abc', confirm_password: 'abc' }),
      await signup({ phone_number: 'call me' }),
      await t().api('POST', '/api/v1/starlink_kits', { token, body: { kit_number: '!!', address: 'x', nin: '123' } }),
      await t().api('POST', '/api/v1/starlink_wallet_fundings', { token, body: { starlink_wallet_funding: { starlink_user_wallet_id: wallet.id, amount: 0, payment_method: 'card' } } }),
      await t().api('GET', '/api/v1/starlink_kits/abc', { token }),
      await t().api('GET', '/api/v1/starlink_kits?page=0', { token }),
      await t().api('PUT', '/api/v1/email_confirmations/confirm_user_email', { token }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^[A-Z].*\.$/);
      expect(res.body.message).not.toMatch(/must NOT|must be (integer|string|object)|invalid format|starlink_|querystring|params|\//);
      for (const text of Object.values(res.body.errors as Record<string, string>)) expect(text).toMatch(/^[A-Z].*\.$/);
    }
    expect(responses[2]!.body.errors).toEqual({
      kit_number: 'Enter a valid kit number: 3 to 40 letters, digits or dashes.',
      address: 'Enter an address of 5 to 300 characters.',
      nin: 'NIN must be 11 digits.',
    });
    expect(responses[3]!.body.errors).toEqual({
      'starlink_wallet_funding.amount': 'The amount must be at least NGN 1.',
      'starlink_wallet_funding.payment_method': 'The only payment method is offline bank transfer.',
    });
    expect(responses[4]!.body.errors).toEqual({ id: 'Kit id must be a whole number.' });
    expect(responses[6]!.body.errors).toEqual({ code: 'Code is required.' });
  });

  it('takes amounts as JSON numbers or plain decimal strings, never hex, exponent or other numerals', async () => {
    const { token } = await signupUser(t());
    const wallet = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body;
    const fund = (amount: unknown) =>
      t().api('POST', '/api/v1/starlink_wallet_fundings', {
        token,
        headers: { 'idempotency-key': encodeURIComponent(`k-${String(amount)}-${Math.random()}`) },
        body: { starlink_wallet_funding: { starlink_user_wallet_id: wallet.id, amount, payment_method: 'offline' } },
      });
    for (const bad of ['0x10', '1e5', '1E5', '0b101', '0o17', 'Infinity', ' ', '+5', '-5', '5 000', '١٢٣']) {
      const res = await fund(bad);
      expect({ bad, status: res.status, errors: res.body.errors }).toEqual({
        bad,
        status: 400,
        errors: { 'starlink_wallet_funding.amount': 'Enter an amount in whole naira.' },
      });
    }
    expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token })).body).toEqual([]);
    for (const [good, stored] of [[100000, 100000], ['120000', 120000], [1e5, 100000], ['57000.00', 57000]] as const) {
      const res = await fund(good);
      expect({ good, status: res.status, amount: res.body.funding?.amount }).toEqual({ good, status: 201, amount: stored });
    }
    // Ids follow the same rule in bodies, query strings and paths: "0x1" is not id 1.
    const kit = (await t().api('POST', '/api/v1/starlink_kits', { token, body: { kit_number: uniqueKit(), address: '1 Marina Road', nin: '12345678901' } })).body.kit;
    expect((await t().api('GET', `/api/v1/starlink_kits/${kit.id}`, { token })).status).toBe(200);
    expect((await t().api('GET', `/api/v1/starlink_kits/0x${kit.id.toString(16)}`, { token })).status).toBe(400);
    expect((await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}e0`, { token })).status).toBe(400);
    const toggle = await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token, body: { id: `0x${kit.id.toString(16)}`, auto_renew: true } });
    expect(toggle.status).toBe(400);
    expect(toggle.body.errors).toEqual({ id: 'Kit id must be a whole number.' });
  });
});
