// Issue 49, "A stolen token or an anonymous client steers nothing": the account-takeover attacks on contact changes,
// each replayed here and shown refused, on both databases.
import { LOGIN_LOCKED_MESSAGE } from '../src/services/login-throttle';
import { RESET_EMAILS_PER_HOUR } from '../src/services/users';
import { describeEachDb, lastMessage, signupUser, uniqueEmail, type TestServer } from './helpers';

const DAY = 24 * 3600_000;
type Field = 'email' | 'phone_number' | 'whatsapp_number';

const change = (t: TestServer, token: string, field: Field, value: string, currentPassword?: string) =>
  t.api('PUT', `/api/v1/starlink_users/${field}_change_request`, {
    token,
    body: { starlink_user_profile: { profile_param: value, ...(currentPassword === undefined ? {} : { current_password: currentPassword }) } },
  });
const login = (t: TestServer, email: string, password: string) => t.api('POST', '/api/v1/login', { body: { starlink_user: { email, password } } });
const tokenOf = (link: string) => decodeURIComponent(link.split('/').pop()!.split('token=').pop()!);
const undo = (t: TestServer, link: string) => t.api('POST', `/api/v1/contact_reverts/${tokenOf(link)}`);
const reset = (t: TestServer, link: string, password: string) =>
  t.api('PUT', `/api/v1/password_resets/${new URL(link).searchParams.get('token')!}`, { body: { password } });
const messagesTo = (t: TestServer, to: string) => t.server.outbox.sent.filter((m) => m.to === to);

describeEachDb('a stolen token takes no account (issue 49)', (t) => {
  async function owner() {
    const whatsapp = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const signed = await signupUser(t(), { whatsapp_number: whatsapp, phone_number: whatsapp });
    return { ...signed, whatsapp };
  }

  it('refuses a contact change without the current password, or with a wrong one, which counts toward the lock', async () => {
    const o = await owner();
    const sent = t().server.outbox.sent.length;
    for (const field of ['email', 'phone_number', 'whatsapp_number'] as const) {
      const value = field === 'email' ? uniqueEmail('thief') : '+2348099999999';
      const bare = await change(t(), o.token, field, value);
      expect(bare.status).toBe(400);
      expect(bare.body.message).toBe('Current password is required.');
      const wrong = await change(t(), o.token, field, value, 'guess-1');
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual({ message: 'Your current password is not correct.', error: 'Incorrect password' });
    }
    expect(t().server.outbox.sent.length).toBe(sent);
    const me = await login(t(), o.email, o.password);
    expect(me.body.user).toMatchObject({ email: o.email, phone_number: o.whatsapp, whatsapp_number: o.whatsapp });

    // Ten wrong passwords lock the account like ten wrong log-ins: the right one is refused too, for a while.
    for (let i = 0; i < 10; i++) expect((await change(t(), o.token, 'email', uniqueEmail('thief'), `guess-${i}`)).status).toBe(422);
    const locked = await change(t(), o.token, 'email', uniqueEmail('thief'), o.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(LOGIN_LOCKED_MESSAGE);
    expect((await login(t(), o.email, o.password)).status).toBe(429);
  });

  it('(a) keeps the old address for the account while its undo link lives: a signup or another change to it is refused', async () => {
    const o = await owner();
    const thiefEmail = uniqueEmail('thief');
    // The thief also has the password this time (phished with the token).
    expect((await change(t(), o.token, 'email', thiefEmail, o.password)).status).toBe(200);
    const squat = await t().api('POST', '/api/v1/signup', {
      body: {
        starlink_user: { email: o.email, password: 'thief-pass', confirm_password: 'thief-pass', name: 'Squatter', phone_number: '+2348000000001', whatsapp_number: '+2348000000001' },
      },
    });
    expect(squat.status).toBe(422);
    expect(squat.body.message).toBe('Email has already been taken');
    const accomplice = await signupUser(t());
    const moveIn = await change(t(), accomplice.token, 'email', o.email, accomplice.password);
    expect(moveIn.status).toBe(422);
    expect(moveIn.body.message).toBe('Email has already been taken');

    const back = await undo(t(), lastMessage(t(), o.email, 'email')!.link!);
    expect(back.status).toBe(200);
    expect(back.body.message).toBe(
      `Your email address is ${o.email} again and every device has been signed out. We emailed a link to choose a new password to ${o.email}.`,
    );
  });

  it('(b) an undo voids the password and the resets made since, and mails the owner a reset no allowance can refuse', async () => {
    const o = await owner();
    const thiefEmail = uniqueEmail('thief');
    expect((await change(t(), o.token, 'email', thiefEmail, o.password)).status).toBe(200);
    const ownersLink = lastMessage(t(), o.email, 'email')!.link!;
    // The thief spends the reset allowance through the new address and sets a password of their own.
    for (let i = 0; i < RESET_EMAILS_PER_HOUR + 2; i++) await t().api('POST', '/api/v1/password_resets', { body: { email: thiefEmail } });
    const toThief = messagesTo(t(), thiefEmail).filter((m) => m.subject === 'Reset your password');
    expect(toThief).toHaveLength(RESET_EMAILS_PER_HOUR);
    expect((await reset(t(), toThief.at(-1)!.link!, 'thief-pass-1')).status).toBe(200);
    const thief = await login(t(), thiefEmail, 'thief-pass-1');
    expect(thief.status).toBe(200);

    expect((await undo(t(), ownersLink)).status).toBe(200);
    // Every session ends; neither the thief's password nor the one the thief knew opens the account.
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: thief.body.token })).status).toBe(401);
    expect((await login(t(), o.email, 'thief-pass-1')).status).toBe(401);
    expect((await login(t(), o.email, o.password)).status).toBe(401);
    expect((await login(t(), thiefEmail, 'thief-pass-1')).status).toBe(401);

    // The owner's mailbox has a link to choose a new password, though the thief spent an allowance on the account.
    const chooser = lastMessage(t(), o.email, 'email')!;
    expect(chooser.subject).toBe('Choose a new password');
    expect(chooser.body).toContain('use this link within 24 hours to choose a new one');
    // The owner's own reset request is not refused by what the thief spent either.
    await t().api('POST', '/api/v1/password_resets', { body: { email: o.email } });
    expect(lastMessage(t(), o.email, 'email')!.subject).toBe('Reset your password');
    expect((await reset(t(), lastMessage(t(), o.email, 'email')!.link!, 'owner-new-1')).status).toBe(200);
    const again = await login(t(), o.email, 'owner-new-1');
    expect(again.status).toBe(200);
    expect(again.body.user.email).toBe(o.email);
    // The thief cannot change it again: no session, and the password they knew is gone.
    expect((await change(t(), thief.body.token, 'email', thiefEmail, 'thief-pass-1')).status).toBe(401);
  });

  it('(c) A → B → A: no undo link ever restores B, the owner keeps theirs, and an undo tells the value it replaces', async () => {
    const o = await owner();
    const thiefEmail = uniqueEmail('thief');
    expect((await change(t(), o.token, 'email', thiefEmail, o.password)).status).toBe(200);
    const ownersLink = lastMessage(t(), o.email, 'email')!.link!;
    expect((await change(t(), o.token, 'email', o.email, o.password)).status).toBe(200);
    // B was told, with no link: B was never a value the account held before a change being undone.
    const toThief = lastMessage(t(), thiefEmail, 'email')!;
    expect(toThief.subject).toBe('Your email address was changed');
    expect(toThief.link).toBeUndefined();
    expect(toThief.body).not.toMatch(/contact_reverts/);

    // A third address, then the owner's undo: it restores A and tells the address it replaced.
    const third = uniqueEmail('third');
    expect((await change(t(), o.token, 'email', third, o.password)).status).toBe(200);
    const toOwner = lastMessage(t(), o.email, 'email')!;
    expect(toOwner.body).toContain(`put ${o.email} back`);
    expect((await undo(t(), ownersLink)).status).toBe(200);
    const told = lastMessage(t(), third, 'email')!;
    expect(told.subject).toBe('Your email address was changed back');
    expect(told.body).toContain(`changed back from ${third} to ${o.email}`);
    // Later links of the field are void; after seven days nothing is left to use.
    expect((await undo(t(), toOwner.link!)).status).toBe(422);
    t().advance(7 * DAY + 60_000);
    try {
      const [row] = await t().server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [o.user.id]);
      expect(row!.email).toBe(o.email);
      const live = await t().server.db.query(
        'SELECT 1 FROM contact_reverts WHERE user_id = $1 AND used_at IS NULL AND expires_at > $2',
        [o.user.id, t().server.ctx.clock()],
      );
      expect(live).toEqual([]);
    } finally {
      t().advance(-(7 * DAY + 60_000));
    }
  });

  it('a chain A → B → C gives B no link; the link to A restores A, never B', async () => {
    const o = await owner();
    const b = uniqueEmail('b');
    const c = uniqueEmail('c');
    expect((await change(t(), o.token, 'email', b, o.password)).status).toBe(200);
    expect((await change(t(), o.token, 'email', c, o.password)).status).toBe(200);
    expect(lastMessage(t(), b, 'email')!.link).toBeUndefined();
    const toA = messagesTo(t(), o.email).filter((m) => m.subject === 'Your email address was changed');
    expect(toA).toHaveLength(2);
    expect(toA[1]!.body).toContain(`changed from ${b} to ${c}`);
    expect((await undo(t(), toA[1]!.link!)).status).toBe(200);
    const [row] = await t().server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [o.user.id]);
    expect(row!.email).toBe(o.email);
  });

  it('tells every phone and WhatsApp change to the email on file, with the undo link; the undo restores the number', async () => {
    const o = await owner();
    expect((await change(t(), o.token, 'whatsapp_number', '+2348077777777', o.password)).status).toBe(200);
    const email = lastMessage(t(), o.email, 'email')!;
    expect(email.subject).toBe('Your WhatsApp number was changed');
    expect(email.body).toContain(`from ${o.whatsapp} to +2348077777777`);
    const whatsapp = lastMessage(t(), o.whatsapp, 'whatsapp')!;
    expect(whatsapp.link).toBe(email.link);
    expect((await change(t(), o.token, 'phone_number', '+2348066666666', o.password)).status).toBe(200);
    expect(lastMessage(t(), o.email, 'email')!.subject).toBe('Your phone number was changed');

    const back = await undo(t(), email.link!);
    expect(back.status).toBe(200);
    expect(back.body.message).toBe(
      `Your WhatsApp number is ${o.whatsapp} again and every device has been signed out. We emailed a link to choose a new password to ${o.email}.`,
    );
    expect(lastMessage(t(), '+2348077777777', 'whatsapp')!.subject).toBe('Your WhatsApp number was changed back');
    const chooser = lastMessage(t(), o.email, 'email')!;
    expect(chooser.subject).toBe('Choose a new password');
    expect((await reset(t(), chooser.link!, 'owner-new-2')).status).toBe(200);
    expect((await login(t(), o.email, 'owner-new-2')).body.user.whatsapp_number).toBe(o.whatsapp);
  });

  it('tells the email on file when money messages are turned off', async () => {
    const o = await owner();
    const off = await t().api('PUT', '/api/v1/notification_preferences', {
      token: o.token,
      body: { notification_preferences: { funding_approved: false, renewal_due: false, funding_declined: true } },
    });
    expect(off.status).toBe(200);
    const notice = lastMessage(t(), o.email, 'email')!;
    expect(notice.subject).toBe('Money messages turned off');
    expect(notice.body).toContain('- A transfer is added to my wallet\n- A renewal is due in 3 days and my wallet is short');
    expect(notice.body).toContain("If this wasn't you");
    // Turning one back on, or saving the same settings, tells nothing more.
    const count = messagesTo(t(), o.email).length;
    await t().api('PUT', '/api/v1/notification_preferences', { token: o.token, body: { notification_preferences: { funding_approved: true, renewal_due: false } } });
    expect(messagesTo(t(), o.email)).toHaveLength(count);
  });
});

describeEachDb('look-alikes are normalised or refused (issue 49)', (t) => {
  const signup = (overrides: Record<string, string>) =>
    t().api('POST', '/api/v1/signup', {
      body: {
        starlink_user: {
          email: uniqueEmail(),
          password: 'secret123',
          confirm_password: 'secret123',
          name: 'Ada Okafor',
          phone_number: '+2348012345678',
          whatsapp_number: '+2348012345678',
          ...overrides,
        },
      },
    });

  it('stores +234 0801… without the trunk 0', async () => {
    const res = await signup({ phone_number: '+234 0801 234 5678', whatsapp_number: '+2340801-234-5679' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ phone_number: '+2348012345678', whatsapp_number: '+2348012345679' });
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b\u200b'],
    ['combining marks only', '\u0301\u0301\u0308\u0300'],
    ['a pile of combining marks on a letter', `Ada${'\u0301'.repeat(12)} Okafor`],
    ['a right-to-left override', 'Ada \u202eOkafor'],
    ['a zero-width joiner at the start', '\u200dAda'],
  ])('refuses a name or an address of %s', async (_what, text) => {
    const res = await signup({ name: text });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Enter your name (2 to 120 characters).');
    const { token } = await signupUser(t());
    const kit = await t().api('POST', '/api/v1/starlink_kits', {
      token,
      body: { kit_number: `KIT-LOOK-${Date.now()}`, address: text.repeat(3), nin: '12345678901' },
    });
    expect(kit.status).toBe(400);
    expect(kit.body.message).toBe('Enter an address of 5 to 300 characters.');
  });

  it('keeps names and addresses written with accents, tones and joiners inside words', async () => {
    const res = await signup({ name: 'Ọ̀kàfọ̀ Ádá فرهاد‌نیا' });
    expect(res.status).toBe(201);
    expect(res.body.user.name).toBe('Ọ̀kàfọ̀ Ádá فرهاد‌نیا'.normalize('NFC'));
  });

  it('refuses an email with a dotless ı or a small capital standing for an ASCII letter', async () => {
    for (const email of [`adm\u0131n.${Date.now()}@example.com`, `user.${Date.now()}@ex\u1d00mple.com`]) {
      const res = await signup({ email });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Enter a valid email address.');
    }
    expect((await signup({ email: `ad\u00e9le.${Date.now()}@example.com` })).status).toBe(201);
  });
});
