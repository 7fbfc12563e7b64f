import { describeEachDb, lastMessage, signupUser, uniqueEmail } from './helpers';

const HOUR = 3600_000;

describeEachDb('accounts', (t) => {
  describe('signup and login', () => {
    it('signs up, returns user and token, and the token works', async () => {
      const email = uniqueEmail('Signup');
      const res = await t().api('POST', '/api/v1/signup', {
        body: {
          starlink_user: {
            email,
            password: 'secret123',
            confirm_password: 'secret123',
            phone_number: '+234 801 234 5678',
            name: 'Chidi Ngozi Eze',
            whatsapp_number: '+2348099999999',
          },
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.user).toEqual({
        id: expect.any(Number),
        name: 'Chidi Ngozi Eze',
        email: email.toLowerCase(),
        phone_number: '+2348012345678',
        whatsapp_number: '+2348099999999',
        whatsapp_verified: false,
        email_verified: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(res.body.user).not.toHaveProperty('password_hash');
      const wallet = await t().api('GET', '/api/v1/starlink_user_wallet', { token: res.body.token });
      expect(wallet.status).toBe(200);
      expect(wallet.body).toEqual({ id: expect.any(Number), wallet_id: expect.stringMatching(/^SLW-[A-Z0-9]{8}$/), balance: 0 });
    });

    it('rejects a duplicate email (any case) with 422', async () => {
      const { email } = await signupUser(t());
      const again = await t().api('POST', '/api/v1/signup', {
        body: { starlink_user: { email: email.toUpperCase(), password: 'secret123', confirm_password: 'secret123', phone_number: '+2348011111111', name: 'X Y', whatsapp_number: '+2348011111111' } },
      });
      expect(again.status).toBe(422);
      expect(again.body.message).toMatch(/already been taken/);
    });

    it('rejects mismatched passwords, short passwords and missing fields without creating a user', async () => {
      const email = uniqueEmail();
      const base = { email, password: 'secret123', confirm_password: 'secret123', phone_number: '+2348011111111', name: 'A B', whatsapp_number: '+2348011111111' };
      const mismatch = await t().api('POST', '/api/v1/signup', { body: { starlink_user: { ...base, confirm_password: 'other123' } } });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.message).toBe('Passwords do not match');
      const short = await t().api('POST', '/api/v1/signup', { body: { starlink_user: { ...base, password: 'abc', confirm_password: 'abc' } } });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Password must be at least 6 characters.');
      const { whatsapp_number: _omit, ...noWhatsapp } = base;
      const missing = await t().api('POST', '/api/v1/signup', { body: { starlink_user: noWhatsapp } });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('WhatsApp number is required.');
      const badEmail = await t().api('POST', '/api/v1/signup', { body: { starlink_user: { ...base, email: 'not-an-email' } } });
      expect(badEmail.status).toBe(400);
      // None of the failures above left an account behind.
      const login = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password: 'secret123' } } });
      expect(login.status).toBe(401);
    });

    it('logs in with the right password only', async () => {
      const { email, password, user } = await signupUser(t());
      const ok = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: ` ${email.toUpperCase()} `, password } } });
      expect(ok.status).toBe(200);
      expect(ok.body.user.id).toBe(user.id);
      expect(ok.body.token).toEqual(expect.any(String));
      const wrong = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password: 'wrong-one' } } });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ message: 'Invalid email or password' });
      const unknown = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: uniqueEmail(), password } } });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
    });

    it('answers 401 for missing, malformed, unknown and expired tokens', async () => {
      const { token } = await signupUser(t());
      expect((await t().api('GET', '/api/v1/starlink_user_wallet')).status).toBe(401);
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { headers: { authorization: 'Token abc' } })).status).toBe(401);
      const unknown = await t().api('GET', '/api/v1/starlink_user_wallet', { token: 'x'.repeat(43) });
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toEqual(expect.any(String));
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).status).toBe(200);
      // Default session lifetime is 7 days.
      t().advance(7 * 24 * HOUR + 1000);
      try {
        expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).status).toBe(401);
      } finally {
        t().advance(-(7 * 24 * HOUR + 1000));
      }
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).status).toBe(200);
    });
  });

  describe('password reset', () => {
    it('gives the same answer for known and unknown emails and only mails the known one', async () => {
      const { email } = await signupUser(t());
      const before = t().server.outbox.sent.length;
      const known = await t().api('POST', '/api/v1/password_resets', { body: { email } });
      const unknownEmail = uniqueEmail('nobody');
      const unknown = await t().api('POST', '/api/v1/password_resets', { body: { email: unknownEmail } });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(t().server.outbox.sent.length).toBe(before + 1);
      const mail = lastMessage(t(), email, 'email');
      expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]+$/);
      expect(lastMessage(t(), unknownEmail, 'email')).toBeUndefined();
    });

    it('resets once, revokes old sessions, and refuses reuse', async () => {
      const { email, token } = await signupUser(t());
      await t().api('POST', '/api/v1/password_resets', { body: { email } });
      const resetToken = new URL(lastMessage(t(), email, 'email')!.link!).searchParams.get('token')!;
      const res = await t().api('PUT', `/api/v1/password_resets/${resetToken}`, { body: { password: 'brand-new-pass' } });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).status).toBe(401);
      const login = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password: 'brand-new-pass' } } });
      expect(login.status).toBe(200);
      const reuse = await t().api('PUT', `/api/v1/password_resets/${resetToken}`, { body: { password: 'another-pass' } });
      expect(reuse.status).toBe(422);
      expect(reuse.body.error).toEqual(expect.any(String));
      expect(reuse.body.message).toEqual(expect.any(String));
      const stillNew = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password: 'brand-new-pass' } } });
      expect(stillNew.status).toBe(200);
    });

    it('refuses an expired reset token and an unknown one', async () => {
      const { email } = await signupUser(t());
      await t().api('POST', '/api/v1/password_resets', { body: { email } });
      const resetToken = new URL(lastMessage(t(), email, 'email')!.link!).searchParams.get('token')!;
      t().advance(HOUR + 1000);
      try {
        const res = await t().api('PUT', `/api/v1/password_resets/${resetToken}`, { body: { password: 'brand-new-pass' } });
        expect(res.status).toBe(422);
        expect(res.body.error).toBeTruthy();
      } finally {
        t().advance(-(HOUR + 1000));
      }
      const unknown = await t().api('PUT', '/api/v1/password_resets/not-a-real-token', { body: { password: 'brand-new-pass' } });
      expect(unknown.status).toBe(422);
      const short = await t().api('PUT', `/api/v1/password_resets/${resetToken}`, { body: { password: '123' } });
      expect(short.status).toBe(400);
    });
  });

  describe('email and WhatsApp verification', () => {
    it('verifies the email with a single-use 6-digit code', async () => {
      const { token, email } = await signupUser(t());
      expect((await t().api('GET', '/api/v1/starlink_users/check_confirmation_status', { token })).body).toEqual({ email_verified: false });
      const sent = await t().api('POST', '/api/v1/email_confirmations', { token });
      expect(sent.status).toBe(200);
      const code = lastMessage(t(), email, 'email')!.code!;
      expect(code).toMatch(/^\d{6}$/);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await t().api('PUT', `/api/v1/email_confirmations/confirm_user_email?code=${wrongCode}`, { token });
      expect(wrong.status).toBe(422);
      expect(wrong.body.message).toEqual(expect.any(String));
      const ok = await t().api('PUT', `/api/v1/email_confirmations/confirm_user_email?code=${code}`, { token });
      expect(ok.status).toBe(200);
      expect(ok.body.email_verified).toBe(true);
      expect((await t().api('GET', '/api/v1/starlink_users/check_confirmation_status', { token })).body).toEqual({ email_verified: true });
      const reuse = await t().api('PUT', `/api/v1/email_confirmations/confirm_user_email?code=${code}`, { token });
      expect(reuse.status).toBe(422);
    });

    it('expires codes after 10 minutes and locks them after 5 wrong attempts', async () => {
      const { token, email } = await signupUser(t());
      await t().api('POST', '/api/v1/email_confirmations', { token });
      const code = lastMessage(t(), email, 'email')!.code!;
      t().advance(10 * 60_000 + 1000);
      try {
        expect((await t().api('PUT', `/api/v1/email_confirmations/confirm_user_email?code=${code}`, { token })).status).toBe(422);
      } finally {
        t().advance(-(10 * 60_000 + 1000));
      }
      await t().api('POST', '/api/v1/email_confirmations', { token });
      const fresh = lastMessage(t(), email, 'email')!.code!;
      const wrongCode = fresh === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i++) {
        expect((await t().api('PUT', `/api/v1/email_confirmations/confirm_user_email?code=${wrongCode}`, { token })).status).toBe(422);
      }
      const locked = await t().api('PUT', `/api/v1/email_confirmations/confirm_user_email?code=${fresh}`, { token });
      expect(locked.status).toBe(422);
      expect(locked.body.message).toMatch(/Too many attempts/);
    });

    it('verifies WhatsApp with success flags', async () => {
      const { token } = await signupUser(t(), { whatsapp_number: '+2348077777777' });
      expect((await t().api('POST', '/api/v1/whatsapp_confirmations', { token })).status).toBe(200);
      const code = lastMessage(t(), '+2348077777777', 'whatsapp')!.code!;
      const wrong = await t().api('PUT', `/api/v1/whatsapp_confirmations/confirm_user_whatsapp?code=${code === '123456' ? '654321' : '123456'}`, { token });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual({ success: false, message: expect.any(String), error: expect.any(String) });
      const ok = await t().api('PUT', `/api/v1/whatsapp_confirmations/confirm_user_whatsapp?code=${code}`, { token });
      expect(ok.status).toBe(200);
      expect(ok.body.success).toBe(true);
      expect(ok.body.user.whatsapp_verified).toBe(true);
    });
  });

  describe('profile changes', () => {
    it('changes email (resetting verification), phone and WhatsApp', async () => {
      const { token, email } = await signupUser(t());
      await t().api('POST', '/api/v1/email_confirmations', { token });
      await t().api('PUT', `/api/v1/email_confirmations/confirm_user_email?code=${lastMessage(t(), email, 'email')!.code}`, { token });
      const newEmail = uniqueEmail('changed');
      const e = await t().api('PUT', '/api/v1/starlink_users/email_change_request', { token, body: { starlink_user_profile: { profile_param: newEmail, current_password: 'secret123' } } });
      expect(e.status).toBe(200);
      expect(e.body.user.email).toBe(newEmail.toLowerCase());
      expect(e.body.user.email_verified).toBe(false);
      const p = await t().api('PUT', '/api/v1/starlink_users/phone_number_change_request', { token, body: { starlink_user_profile: { profile_param: '+2348033333333', current_password: 'secret123' } } });
      expect(p.status).toBe(200);
      expect(p.body.user.phone_number).toBe('+2348033333333');
      const w = await t().api('PUT', '/api/v1/starlink_users/whatsapp_number_change_request', { token, body: { starlink_user_profile: { profile_param: '+2348044444444', current_password: 'secret123' } } });
      expect(w.status).toBe(200);
      expect(w.body.user).toMatchObject({ whatsapp_number: '+2348044444444', whatsapp_verified: false });
    });

    it('refuses an email that belongs to someone else and invalid values', async () => {
      const other = await signupUser(t());
      const { token } = await signupUser(t());
      const taken = await t().api('PUT', '/api/v1/starlink_users/email_change_request', { token, body: { starlink_user_profile: { profile_param: other.email, current_password: 'secret123' } } });
      expect(taken.status).toBe(422);
      expect(taken.body.message).toMatch(/taken/);
      const bad = await t().api('PUT', '/api/v1/starlink_users/phone_number_change_request', { token, body: { starlink_user_profile: { profile_param: 'call me', current_password: 'secret123' } } });
      expect(bad.status).toBe(400);
    });
  });
});
