import crypto from 'node:crypto';
import { LOGIN_LOCKED_MESSAGE } from '../src/services/login-throttle';
import { describeEachDb, lastMessage, later, signupUser, uniqueEmail, usePeer, type TestServer } from './helpers';

const MINUTE = 60_000;

const login = (t: TestServer, email: string, password: string) =>
  t.api('POST', '/api/v1/login', { body: { starlink_user: { email, password } } });

/** A few authenticated endpoints of different kinds (reads, a write, the logout itself). */
async function statusesWith(t: TestServer, token: string) {
  return [
    (await t.api('GET', '/api/v1/starlink_user_wallet', { token })).status,
    (await t.api('GET', '/api/v1/starlink_kits', { token })).status,
    (await t.api('GET', '/api/v1/starlink_users/check_confirmation_status', { token })).status,
    (await t.api('POST', '/api/v1/email_confirmations', { token })).status,
    (await t.api('POST', '/api/v1/logout', { token })).status,
  ];
}

describeEachDb('sessions: logout and email change', (t) => {
  it('logout revokes the token it is called with, and only that one', async () => {
    const { email, password, token: first } = await signupUser(t());
    const second = (await login(t(), email, password)).body.token as string;
    const out = await t().api('POST', '/api/v1/logout', { token: first });
    expect(out.status).toBe(200);
    expect(out.body.message).toEqual(expect.any(String));
    expect(await statusesWith(t(), first)).toEqual([401, 401, 401, 401, 401]);
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: first })).body.message).toEqual(expect.any(String));
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: second })).status).toBe(200);
  });

  it('logout without a valid token is 401 and ends nothing', async () => {
    const { token } = await signupUser(t());
    expect((await t().api('POST', '/api/v1/logout')).status).toBe(401);
    expect((await t().api('POST', '/api/v1/logout', { token: 'x'.repeat(43) })).status).toBe(401);
    expect((await t().api('POST', '/api/v1/logout', { headers: { authorization: `Basic ${token}` } })).status).toBe(401);
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).status).toBe(200);
  });

  it('an email change tells the old address (with a revert link), starts the new one unverified and ends the other sessions', async () => {
    const { email, password, token: changer } = await signupUser(t());
    const other = (await login(t(), email, password)).body.token as string;
    const newEmail = uniqueEmail('moved');
    const res = await t().api('PUT', '/api/v1/starlink_users/email_change_request', {
      token: changer,
      body: { starlink_user_profile: { profile_param: newEmail, current_password: 'secret123' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: newEmail, email_verified: false });

    const notice = lastMessage(t(), email, 'email');
    expect(notice?.subject).toBe('Your email address was changed');
    expect(notice?.body).toContain(newEmail);
    // The way back for an owner whose session was stolen (the whole story: test/deploy-safety.test.ts).
    expect(notice?.body).toContain(`If this wasn't you, open this link within 7 days to put ${email} back and sign every device out:`);
    expect(notice?.link).toMatch(/^http:\/\/localhost:3000\/undo-contact-change\?token=[A-Za-z0-9_-]{43}$/);

    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: other })).status).toBe(401);
    expect((await t().api('GET', '/api/v1/starlink_users/check_confirmation_status', { token: changer })).body).toEqual({ email_verified: false });
    expect((await login(t(), newEmail, password)).status).toBe(200);
  });

  it('re-saving the same address (any case) sends nothing and ends no session', async () => {
    const { email, password, token } = await signupUser(t());
    const other = (await login(t(), email, password)).body.token as string;
    const sent = t().server.outbox.sent.length;
    const res = await t().api('PUT', '/api/v1/starlink_users/email_change_request', {
      token,
      body: { starlink_user_profile: { profile_param: ` ${email.toUpperCase()} `, current_password: 'secret123' } },
    });
    expect(res.status).toBe(200);
    expect(t().server.outbox.sent.length).toBe(sent);
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: other })).status).toBe(200);
  });

  it("a change to another customer's address is refused with nothing changed, sent or revoked", async () => {
    const taken = await signupUser(t());
    const { email, password, token } = await signupUser(t());
    const other = (await login(t(), email, password)).body.token as string;
    const sent = t().server.outbox.sent.length;
    const res = await t().api('PUT', '/api/v1/starlink_users/email_change_request', {
      token,
      body: { starlink_user_profile: { profile_param: taken.email, current_password: 'secret123' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Email has already been taken');
    expect(t().server.outbox.sent.length).toBe(sent);
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: other })).status).toBe(200);
    expect((await login(t(), email, password)).status).toBe(200);
  });

  it('checks a reset link before hashing the new password', async () => {
    const { email } = await signupUser(t());
    await t().api('POST', '/api/v1/password_resets', { body: { email } });
    const resetToken = new URL(lastMessage(t(), email, 'email')!.link!).searchParams.get('token')!;
    const scrypt = jest.spyOn(crypto, 'scrypt');
    try {
      const bad = await t().api('PUT', '/api/v1/password_resets/not-a-real-token-at-all', { body: { password: 'brand-new-pass' } });
      expect(bad.status).toBe(422);
      expect(scrypt).not.toHaveBeenCalled();
      const good = await t().api('PUT', `/api/v1/password_resets/${resetToken}`, { body: { password: 'brand-new-pass' } });
      expect(good.status).toBe(200);
      expect(scrypt).toHaveBeenCalledTimes(1);
    } finally {
      scrypt.mockRestore();
    }
  });
});

describeEachDb('per-account log-in throttle', (t, variant) => {
  // The peer sits behind a (loopback) proxy, so its requests can come from other client addresses.
  const peer = usePeer(t, variant, { config: { trustProxy: ['loopback'] } });

  /** `count` wrong passwords for `email`, one after another; their statuses. */
  async function failures(email: string, count: number) {
    const statuses = [];
    for (let i = 0; i < count; i++) statuses.push((await login(t(), email, 'wrong-password')).status);
    return statuses;
  }

  it('locks an email for 15 minutes after 10 failures, from any IP and instance, known or not', async () => {
    const { email, password } = await signupUser(t());
    const unknown = uniqueEmail('nobody');
    for (const address of [email, unknown]) {
      expect(await failures(address, 10)).toEqual(Array(10).fill(401));
      const locked = await login(t(), address, address === email ? password : 'wrong-password');
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ message: LOGIN_LOCKED_MESSAGE, error: 'Too many failed log-in attempts' });
      // Another instance, another client address, another spelling of the same email: still locked.
      const elsewhere = await peer().api('POST', '/api/v1/login', {
        headers: { 'x-forwarded-for': '203.0.113.9' },
        body: { starlink_user: { email: ` ${address.toUpperCase()}`, password } },
      });
      expect(elsewhere.status).toBe(429);
      expect(elsewhere.body).toEqual(locked.body);
    }
    // Other accounts are not affected.
    const bystander = await signupUser(t());
    expect((await login(t(), bystander.email, bystander.password)).status).toBe(200);

    expect((await later(t(), 14 * MINUTE, () => login(t(), email, password))).status).toBe(429);
    expect((await later(t(), 15 * MINUTE + 1000, () => login(t(), email, password))).status).toBe(200);
    expect((await later(t(), 15 * MINUTE + 1000, () => login(t(), unknown, 'wrong-password'))).status).toBe(401);
  });

  it('parallel guesses get at most 10 password checks', async () => {
    const { email } = await signupUser(t());
    const results = await Promise.all(Array.from({ length: 30 }, () => login(t(), email, 'wrong-password')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
  });

  it('a successful log-in clears the count', async () => {
    const { email, password } = await signupUser(t());
    expect(await failures(email, 9)).toEqual(Array(9).fill(401));
    expect((await login(t(), email, password)).status).toBe(200);
    expect(await failures(email, 9)).toEqual(Array(9).fill(401));
  });

  it('failures older than 15 minutes no longer count', async () => {
    const { email, password } = await signupUser(t());
    expect(await failures(email, 9)).toEqual(Array(9).fill(401));
    await later(t(), 15 * MINUTE + 1000, async () => {
      expect(await failures(email, 9)).toEqual(Array(9).fill(401));
      expect((await login(t(), email, password)).status).toBe(200);
    });
  });

  it('a password reset lifts the lock', async () => {
    const { email } = await signupUser(t());
    expect(await failures(email, 11)).toEqual([...Array(10).fill(401), 429]);
    await t().api('POST', '/api/v1/password_resets', { body: { email } });
    const resetToken = new URL(lastMessage(t(), email, 'email')!.link!).searchParams.get('token')!;
    expect((await t().api('PUT', `/api/v1/password_resets/${resetToken}`, { body: { password: 'brand-new-pass' } })).status).toBe(200);
    expect((await login(t(), email, 'brand-new-pass')).status).toBe(200);
  });
});

describeEachDb(
  'per-IP rate limits shared by every instance',
  (t, variant) => {
    // The peer sits behind a (loopback) proxy, so it can be asked on behalf of another client address.
    const peer = usePeer(t, variant, { rateLimits: { auth: { max: 3, timeWindow: 60_000 } }, config: { trustProxy: ['loopback'] } });

    it('counts one client across two instances on one database', async () => {
      const body = () => ({ starlink_user: { email: uniqueEmail('ip'), password: 'nope' } });
      const viaPeer = async () => (await peer().api('POST', '/api/v1/login', { body: body() })).status;
      const statuses = [
        (await t().api('POST', '/api/v1/login', { body: body() })).status,
        await viaPeer(),
        (await t().api('POST', '/api/v1/login', { body: body() })).status,
        await viaPeer(),
        (await t().api('POST', '/api/v1/login', { body: body() })).status,
      ];
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Another client address has its own budget.
      expect((await peer().api('POST', '/api/v1/login', { body: body(), headers: { 'x-forwarded-for': '198.51.100.20' } })).status).toBe(401);
      // The window ends for everyone at once.
      expect((await later(t(), 61_000, () => t().api('POST', '/api/v1/login', { body: body() }))).status).toBe(401);
    });
  },
  { rateLimits: { auth: { max: 3, timeWindow: 60_000 } } },
);
