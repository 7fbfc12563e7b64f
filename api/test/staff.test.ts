import { totpCode } from '../src/services/staff/totp';
import { ledgerMismatches } from '../src/services/wallet';
import { createFunding, createKit, describeEachDb, lastMessage, signupUser, uniqueEmail, type TestServer } from './helpers';

const PASSWORD = 'correct horse battery';
const STEP_MS = 30_000;

/** A staff member added by the command line and enrolled through their link, as the portal does it. */
async function enrolled(t: TestServer, role: 'support' | 'finance' | 'admin', email = uniqueEmail(role)) {
  const added = await t.operator({ cmd: 'staff-add', email, role });
  if (added.status !== 200) throw new Error(`staff add: ${added.status} ${JSON.stringify(added.body)}`);
  const token = new URL(added.body.result.enrolment_link as string).searchParams.get('token')!;
  const { secret } = (await t.api('GET', `/api/v1/staff/enrolments/${encodeURIComponent(token)}`)).body as { secret: string };
  const done = await t.api('POST', `/api/v1/staff/enrolments/${encodeURIComponent(token)}`, {
    body: { password: PASSWORD, code: totpCode(secret, t.server.ctx.clock()) },
  });
  if (done.status !== 201) throw new Error(`enrol: ${done.status} ${JSON.stringify(done.body)}`);
  return { email, secret, token: done.body.token as string };
}

/** The next sign-in: a step later, so the code is one the member has not used yet. */
async function signIn(t: TestServer, member: { email: string; secret: string }) {
  t.advance(STEP_MS);
  const res = await t.api('POST', '/api/v1/staff/sessions', {
    body: { email: member.email, password: PASSWORD, code: totpCode(member.secret, t.server.ctx.clock()) },
  });
  if (res.status !== 201) throw new Error(`sign in: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** A transfer the customer said they made (need_approval). */
async function transferOf(t: TestServer, token: string, amount: number) {
  const funding = await createFunding(t, token, amount);
  await t.api('PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=${funding.id}`, { token, body: { starlink_wallet_funding: { paid: 'yes' } } });
  return funding.reference as string;
}

const balanceOf = async (t: TestServer, token: string) => (await t.api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance as number;

async function auditOf(t: TestServer, token: string, query = '') {
  const res = await t.api('GET', `/api/v1/staff/audit${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.entries as { actor: string; role: string | null; kind: string; subject: string | null; customer_id: number | null; before: unknown; after: unknown; reason: string | null }[];
}

describeEachDb('staff accounts, sign-in and sessions', (t) => {
  it('enrols a member from the link staff add prints: password and authenticator, the link once', async () => {
    const email = uniqueEmail('fin');
    const added = await t().operator({ cmd: 'staff-add', email, role: 'finance' });
    expect(added.status).toBe(200);
    const link = new URL(added.body.result.enrolment_link);
    expect(link.pathname).toBe('/staff/enrol');
    const token = link.searchParams.get('token')!;
    const page = await t().api('GET', `/api/v1/staff/enrolments/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ email, role: 'finance', secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\//) });
    expect(new URL(page.body.otpauth_uri).searchParams.get('secret')).toBe(page.body.secret);

    const now = () => t().server.ctx.clock();
    const short = await t().api('POST', `/api/v1/staff/enrolments/${token}`, { body: { password: 'short', code: totpCode(page.body.secret, now()) } });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('The password must be at least 12 characters.');
    const wrong = await t().api('POST', `/api/v1/staff/enrolments/${token}`, { body: { password: PASSWORD, code: '000000' === totpCode(page.body.secret, now()) ? '111111' : '000000' } });
    expect(wrong.status).toBe(422);

    const done = await t().api('POST', `/api/v1/staff/enrolments/${token}`, { body: { password: PASSWORD, code: totpCode(page.body.secret, now()) } });
    expect(done.status).toBe(201);
    expect(done.body.staff).toMatchObject({ email, role: 'finance', enrolled: true });
    expect(done.body.idle_minutes).toBe(30);
    expect((await t().api('GET', '/api/v1/staff/session', { token: done.body.token })).body.staff.email).toBe(email);
    // The link works once; adding an enrolled member again is refused.
    expect((await t().api('GET', `/api/v1/staff/enrolments/${token}`)).status).toBe(422);
    expect((await t().api('POST', `/api/v1/staff/enrolments/${token}`, { body: { password: PASSWORD, code: totpCode(page.body.secret, now()) } })).status).toBe(422);
    expect((await t().operator({ cmd: 'staff-add', email, role: 'admin' })).status).toBe(422);
  });

  it('expires an enrolment link after 24 hours, and a new link voids the old one', async () => {
    const email = uniqueEmail('late');
    const first = new URL((await t().operator({ cmd: 'staff-add', email, role: 'support' })).body.result.enrolment_link).searchParams.get('token')!;
    const second = new URL((await t().operator({ cmd: 'staff-add', email, role: 'support' })).body.result.enrolment_link).searchParams.get('token')!;
    expect((await t().api('GET', `/api/v1/staff/enrolments/${first}`)).status).toBe(422);
    expect((await t().api('GET', `/api/v1/staff/enrolments/${second}`)).status).toBe(200);
    t().advance(24 * 3600_000 + 1000);
    expect((await t().api('GET', `/api/v1/staff/enrolments/${second}`)).body.message).toBe(
      'This enrolment link is invalid, has expired or was already used. Ask an admin for a new one.',
    );
  });

  it('signs in with the password and a code, and takes each code once', async () => {
    const member = await enrolled(t(), 'support');
    const now = () => t().server.ctx.clock();
    const body = (code: string, password = PASSWORD) => ({ body: { email: member.email, password, code } });
    // The enrolment spent this step's code.
    const reused = await t().api('POST', '/api/v1/staff/sessions', body(totpCode(member.secret, now())));
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe('That code was already used. Wait for the next one your authenticator app shows.');
    t().advance(STEP_MS);
    const code = totpCode(member.secret, now());
    expect((await t().api('POST', '/api/v1/staff/sessions', body(code, 'wrong password!!'))).body.message).toBe('Incorrect email, password or code.');
    const [a, b] = await Promise.all([t().api('POST', '/api/v1/staff/sessions', body(code)), t().api('POST', '/api/v1/staff/sessions', body(code))]);
    expect([a.status, b.status].sort()).toEqual([201, 401]);
    // An earlier step's code is older than the one used: refused too.
    t().advance(STEP_MS);
    expect((await t().api('POST', '/api/v1/staff/sessions', body(code))).status).toBe(401);
    expect((await t().api('POST', '/api/v1/staff/sessions', body(totpCode(member.secret, now())))).status).toBe(201);
  });

  it('locks an address after 10 failed sign-ins for 15 minutes, the right password and code included, known or not', async () => {
    const member = await enrolled(t(), 'finance');
    for (const email of [member.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 10; i++) {
        expect((await t().api('POST', '/api/v1/staff/sessions', { body: { email, password: 'not the password', code: '123456' } })).status).toBe(401);
      }
    }
    t().advance(STEP_MS);
    const right = { email: member.email, password: PASSWORD, code: totpCode(member.secret, t().server.ctx.clock()) };
    const locked = await t().api('POST', '/api/v1/staff/sessions', { body: right });
    expect(locked.status).toBe(429);
    const unknown = await t().api('POST', '/api/v1/staff/sessions', { body: { ...right, email: uniqueEmail('nobody') } });
    expect(unknown.status).toBe(401);
    t().advance(15 * 60_000 + STEP_MS);
    const later = await t().api('POST', '/api/v1/staff/sessions', { body: { ...right, code: totpCode(member.secret, t().server.ctx.clock()) } });
    expect(later.status).toBe(201);
  });

  it('ends a staff session after 30 idle minutes, and each call restarts the count', async () => {
    const member = await enrolled(t(), 'support');
    const token = await signIn(t(), member);
    t().advance(29 * 60_000);
    expect((await t().api('GET', '/api/v1/staff/transfers', { token })).status).toBe(200);
    t().advance(29 * 60_000);
    expect((await t().api('GET', '/api/v1/staff/session', { token })).status).toBe(200);
    t().advance(30 * 60_000 + 1000);
    const ended = await t().api('GET', '/api/v1/staff/session', { token });
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe('Your staff session has ended. Sign in again.');
  });

  it('signs out: the token works no more', async () => {
    const member = await enrolled(t(), 'support');
    const token = await signIn(t(), member);
    expect((await t().api('DELETE', '/api/v1/staff/session', { token })).status).toBe(200);
    expect((await t().api('GET', '/api/v1/staff/transfers', { token })).status).toBe(401);
  });

  it("answers a customer's token, and no token, on every staff call as an unknown address; a staff token is no customer token", async () => {
    const customer = await signupUser(t());
    const member = await enrolled(t(), 'admin');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/staff/session'],
      ['DELETE', '/api/v1/staff/session'],
      ['GET', '/api/v1/staff/transfers'],
      ['POST', '/api/v1/staff/transfers/FND-ANY/approve'],
      ['POST', '/api/v1/staff/transfers/FND-ANY/decline', { reason: 'no' }],
      ['GET', '/api/v1/staff/kits'],
      ['POST', '/api/v1/staff/kits/KIT-ANY/review', { outcome: 'accepted' }],
      ['GET', '/api/v1/staff/customers?q=a'],
      ['GET', `/api/v1/staff/customers/${customer.user.id}`],
      ['GET', '/api/v1/staff/price'],
      ['PUT', '/api/v1/staff/price', { plan_price: 1 }],
      ['GET', '/api/v1/staff/audit'],
      ['GET', '/api/v1/staff/audit.csv'],
      ['GET', '/api/v1/staff/members'],
      ['POST', '/api/v1/staff/members', { email: 'x@example.com', role: 'admin' }],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [customer.token, undefined, member.token.slice(1)]) {
        const res = await t().api(method, path, { token, body });
        expect([method, path, res.status, res.body.message]).toEqual([method, path, 404, `No route for ${method} ${path.split('?')[0]}`]);
      }
    }
    for (const path of ['/api/v1/starlink_user_wallet', '/api/v1/starlink_kits', '/api/v1/notifications']) {
      expect((await t().api('GET', path, { token: member.token })).status).toBe(401);
    }
  });
});

describeEachDb('staff work: roles, four eyes, declines, reviews, look-up and the audit log', (t) => {
  let support: { email: string; secret: string; token: string };
  let financeA: { email: string; secret: string; token: string };
  let financeB: { email: string; secret: string; token: string };
  let admin: { email: string; secret: string; token: string };
  beforeAll(async () => {
    support = await enrolled(t(), 'support');
    financeA = await enrolled(t(), 'finance');
    financeB = await enrolled(t(), 'finance');
    admin = await enrolled(t(), 'admin');
  });

  it('lists transfers awaiting approval oldest first, and credits one at most NGN 500,000 at once, once', async () => {
    const customer = await signupUser(t());
    const older = await transferOf(t(), customer.token, 20_000);
    t().advance(1000);
    const newer = await transferOf(t(), customer.token, 30_000);
    const listed = (await t().api('GET', '/api/v1/staff/transfers', { token: support.token })).body;
    expect(listed.four_eyes_above).toBe(500_000);
    const mine = listed.transfers.filter((x: { customer: { email: string } }) => x.customer.email === customer.email);
    expect(mine.map((x: { reference: string }) => x.reference)).toEqual([older, newer]);
    expect(mine[0]).toMatchObject({ amount: 20_000, said_paid_at: expect.any(String), needs_second_approval: false, first_approval: null });

    const approved = await t().api('POST', `/api/v1/staff/transfers/${older}/approve`, { token: financeA.token });
    expect(approved.status).toBe(200);
    expect(approved.body.outcome).toBe('approved');
    const twice = await Promise.all([1, 2].map(() => t().api('POST', `/api/v1/staff/transfers/${older}/approve`, { token: financeB.token })));
    expect(twice.map((r) => r.body.outcome)).toEqual(['already_approved', 'already_approved']);
    expect(await balanceOf(t(), customer.token)).toBe(20_000);
    expect(await ledgerMismatches(t().server.db)).toEqual([]);
    const [row] = await auditOf(t(), admin.token, `?kind=funding.approve&customer=${encodeURIComponent(customer.email)}`);
    expect(row).toMatchObject({ actor: financeA.email, role: 'finance', subject: older, before: { status: 'need_approval', balance: 0 }, after: { status: 'approved', balance: 20_000 } });
  });

  it('holds an approval above NGN 500,000 until a second, different finance member confirms it; then credits once', async () => {
    const customer = await signupUser(t());
    const reference = await transferOf(t(), customer.token, 600_000);
    const first = await t().api('POST', `/api/v1/staff/transfers/${reference}/approve`, { token: financeA.token });
    expect(first.body.outcome).toBe('awaiting_confirmation');
    expect(await balanceOf(t(), customer.token)).toBe(0);
    const waiting = (await t().api('GET', '/api/v1/staff/transfers', { token: financeB.token })).body.transfers.find((x: { reference: string }) => x.reference === reference);
    expect(waiting).toMatchObject({ needs_second_approval: true, first_approval: { by: financeA.email } });
    const self = await t().api('POST', `/api/v1/staff/transfers/${reference}/approve`, { token: financeA.token });
    expect(self.status).toBe(422);
    expect(self.body.message).toBe(`You approved ${reference} already. A second finance member must confirm it.`);
    expect(await balanceOf(t(), customer.token)).toBe(0);

    const confirmations = await Promise.all([financeB, admin].map((m) => t().api('POST', `/api/v1/staff/transfers/${reference}/approve`, { token: m.token })));
    expect(confirmations.map((r) => r.body.outcome).sort()).toEqual(['already_approved', 'approved']);
    expect(await balanceOf(t(), customer.token)).toBe(600_000);
    expect(await ledgerMismatches(t().server.db)).toEqual([]);
    const rows = await auditOf(t(), admin.token, `?customer=${customer.user.id}`);
    expect(rows.map((r) => [r.kind, r.actor])).toEqual(
      expect.arrayContaining([
        ['funding.approve', financeA.email],
        ['funding.confirm', expect.stringMatching(new RegExp(`^(${financeB.email}|${admin.email})$`))],
      ]),
    );
    const confirm = rows.find((r) => r.kind === 'funding.confirm')!;
    expect(confirm.before).toEqual({ status: 'need_approval', balance: 0, approved_by: financeA.email });
    expect(confirm.after).toEqual({ status: 'approved', balance: 600_000 });
    // The customer was told once.
    expect(t().server.outbox.sent.filter((m) => m.to === customer.email && m.subject === 'Wallet funded')).toHaveLength(1);
  });

  it('declines a transfer with the reason the customer reads in their message', async () => {
    const customer = await signupUser(t());
    const reference = await transferOf(t(), customer.token, 45_000);
    const none = await t().api('POST', `/api/v1/staff/transfers/${reference}/decline`, { token: financeA.token, body: { reason: '   ' } });
    expect(none.status).toBe(400);
    const reason = 'No transfer with this reference reached our account by 28 Nov.';
    const declined = await t().api('POST', `/api/v1/staff/transfers/${reference}/decline`, { token: financeA.token, body: { reason } });
    expect(declined.body.outcome).toBe('declined');
    expect(lastMessage(t(), customer.email, 'email')?.body).toContain(`Reason: ${reason}`);
    expect(lastMessage(t(), customer.user.whatsapp_number, 'whatsapp')?.body).toContain(`Reason: ${reason}`);
    expect((await t().api('POST', `/api/v1/staff/transfers/${reference}/approve`, { token: financeB.token })).status).toBe(422);
    const [row] = await auditOf(t(), financeB.token, `?kind=funding.decline&actor=${encodeURIComponent(financeA.email)}`);
    expect(row).toMatchObject({ subject: reference, reason, before: { status: 'need_approval' }, after: { status: 'unapproved' } });
  });

  it('refuses support every decision and finance prices and staff, on the server', async () => {
    const customer = await signupUser(t());
    const reference = await transferOf(t(), customer.token, 10_000);
    const kit = await createKit(t(), customer.token);
    await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'need_approval' });
    const refused = [
      ['POST', `/api/v1/staff/transfers/${reference}/approve`, support, undefined],
      ['POST', `/api/v1/staff/transfers/${reference}/decline`, support, { reason: 'no' }],
      ['POST', `/api/v1/staff/kits/${kit.kit_number}/review`, support, { outcome: 'accepted' }],
      ['PUT', '/api/v1/staff/price', support, { plan_price: 1 }],
      ['GET', '/api/v1/staff/audit', support, undefined],
      ['POST', '/api/v1/staff/members', support, { email: uniqueEmail('x'), role: 'admin' }],
      ['PUT', '/api/v1/staff/price', financeA, { plan_price: 1 }],
      ['GET', '/api/v1/staff/members', financeA, undefined],
      ['POST', '/api/v1/staff/members', financeA, { email: uniqueEmail('x'), role: 'admin' }],
    ] as const;
    for (const [method, path, member, body] of refused) {
      const res = await t().api(method, path, { token: member.token, body });
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect(await balanceOf(t(), customer.token)).toBe(0);
    expect((await t().api('GET', '/api/v1/staff/price', { token: support.token })).status).toBe(200);
    // The command line's rule (services/price-changes.ts): a day at least 7 days ahead, or forced.
    const unannounced = await t().api('PUT', '/api/v1/staff/price', { token: admin.token, body: { plan_price: 61_000 } });
    expect(unannounced.status).toBe(422);
    // The first day that would do reaches the screen: the error schema once dropped it.
    expect(unannounced.body).toMatchObject({
      error: 'Price not changed',
      message: expect.stringMatching(/^Give the day the price takes effect/),
      earliest_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const byAdmin = await t().api('PUT', '/api/v1/staff/price', { token: admin.token, body: { plan_price: 61_000, force: true } });
    expect(byAdmin.body).toMatchObject({ plan_price: 61_000, forced: true });
    expect((await t().api('GET', '/api/v1/staff/price', { token: support.token })).body).toEqual({ plan_price: 61_000, scheduled: null });
    const added = await t().api('POST', '/api/v1/staff/members', { token: admin.token, body: { email: uniqueEmail('new'), role: 'support' } });
    expect(added.status).toBe(201);
    expect(added.body.enrolment_link).toMatch(/\/staff\/enrol\?token=/);
    const [price] = await auditOf(t(), admin.token, '?kind=price.set');
    expect(price).toMatchObject({ actor: admin.email, before: { plan_price: expect.any(Number) }, after: { plan_price: 61_000 } });
  });

  it('accepts a kit under review, and declines another with its reason, in the audit log', async () => {
    const customer = await signupUser(t());
    const [a, b] = [await createKit(t(), customer.token), await createKit(t(), customer.token)];
    for (const kit of [a, b]) await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'need_approval' });
    const listed = (await t().api('GET', '/api/v1/staff/kits', { token: support.token })).body.kits.map((k: { kit_number: string }) => k.kit_number);
    expect(listed).toEqual(expect.arrayContaining([a.kit_number, b.kit_number]));
    expect((await t().api('POST', `/api/v1/staff/kits/${a.kit_number}/review`, { token: financeA.token, body: { outcome: 'accepted' } })).body).toEqual({ kit_number: a.kit_number, status: 'accepted' });
    expect((await t().api('POST', `/api/v1/staff/kits/${b.kit_number}/review`, { token: financeA.token, body: { outcome: 'declined' } })).status).toBe(422);
    const reason = 'The address is outside our service area.';
    expect((await t().api('POST', `/api/v1/staff/kits/${b.kit_number}/review`, { token: financeA.token, body: { outcome: 'declined', reason } })).body.status).toBe('unapproved');
    expect((await t().api('GET', `/api/v1/starlink_kits/${b.id}`, { token: customer.token })).body.kit.status).toBe('unapproved');
    expect((await t().api('POST', '/api/v1/staff/kits/NO-SUCH-KIT/review', { token: financeA.token, body: { outcome: 'accepted' } })).status).toBe(404);
    const rows = await auditOf(t(), admin.token, `?kind=kit.status&customer=${customer.user.id}`);
    expect(rows.map((r) => [r.actor, r.subject, r.after, r.reason])).toEqual([
      [financeA.email, b.kit_number, { status: 'unapproved' }, reason],
      [financeA.email, a.kit_number, { status: 'accepted' }, null],
      ['cli', b.kit_number, { status: 'need_approval' }, null],
      ['cli', a.kit_number, { status: 'need_approval' }, null],
    ]);
  });

  it('finds a customer by email, phone, kit number or transfer reference, read-only, and records the look', async () => {
    const customer = await signupUser(t(), { phone_number: '+2348099990001' });
    const kit = await createKit(t(), customer.token);
    const reference = await transferOf(t(), customer.token, 25_000);
    await t().api('POST', `/api/v1/staff/transfers/${reference}/approve`, { token: financeA.token });
    for (const q of [customer.email.toUpperCase(), '+234 809 999 0001', kit.kit_number.toLowerCase(), reference]) {
      const found = await t().api('GET', `/api/v1/staff/customers?q=${encodeURIComponent(q)}`, { token: support.token });
      expect([q, found.body.customers.map((c: { id: number }) => c.id)]).toEqual([q, [customer.user.id]]);
    }
    const detail = await t().api('GET', `/api/v1/staff/customers/${customer.user.id}`, { token: support.token });
    expect(detail.status).toBe(200);
    expect(detail.body.customer.email).toBe(customer.email);
    expect(detail.body.wallet.balance).toBe(25_000);
    expect(detail.body.kits.map((k: { kit_number: string }) => k.kit_number)).toEqual([kit.kit_number]);
    expect(detail.body.statement[0]).toMatchObject({ kind: 'funding', amount: 25_000, balance_after: 25_000, reference });
    expect(detail.body.messages[0]).toMatchObject({ type: 'funding_approved', title: 'Wallet funded', reference });
    expect(JSON.stringify(detail.body)).not.toContain('12345678901');
    const [look] = await auditOf(t(), admin.token, `?kind=customer.view&actor=${encodeURIComponent(support.email)}`);
    expect(look).toMatchObject({ customer_id: customer.user.id, subject: customer.email });
  });

  it('writes what the command line does as cli, through the same rules (four eyes included)', async () => {
    const customer = await signupUser(t());
    const big = await transferOf(t(), customer.token, 700_000);
    const first = await t().operator({ cmd: 'funding', decision: 'approve', reference: big });
    expect(first.body.result.outcome).toBe('awaiting_confirmation');
    expect((await t().operator({ cmd: 'funding', decision: 'approve', reference: big })).status).toBe(422);
    expect((await t().api('POST', `/api/v1/staff/transfers/${big}/approve`, { token: financeB.token })).body.outcome).toBe('approved');
    const small = await transferOf(t(), customer.token, 5_000);
    await t().operator({ cmd: 'funding', decision: 'decline', reference: small, reason: 'Sent to another bank.' });
    // Now, forced: the 7-day rule is the service's, for the command line and a staff screen alike.
    expect((await t().operator({ cmd: 'price-set', amount: 58_000 })).status).toBe(422);
    expect((await t().operator({ cmd: 'price-set', amount: 58_000, force: true })).status).toBe(200);
    const rows = await auditOf(t(), admin.token, '?actor=cli');
    expect(rows.slice(0, 3).map((r) => [r.kind, r.subject, r.role])).toEqual([
      ['price.set', null, null],
      ['funding.decline', small, null],
      ['funding.approve', big, null],
    ]);
    expect(lastMessage(t(), customer.email, 'email')?.body).toContain('Reason: Sent to another bank.');
  });

  it('keeps the audit log append-only: the database refuses a change and no call edits or deletes a row', async () => {
    const db = t().server.db;
    await expect(db.query("UPDATE audit_log SET actor = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const path of ['/api/v1/staff/audit', '/api/v1/staff/audit/1']) {
        expect((await t().api(method, path, { token: admin.token, body: {} })).status).toBe(404);
      }
    }
  });

  it('exports the filtered rows as CSV, with cells a spreadsheet would run as formulas made inert', async () => {
    const customer = await signupUser(t());
    const reference = await transferOf(t(), customer.token, 12_000);
    await t().api('POST', `/api/v1/staff/transfers/${reference}/decline`, { token: financeA.token, body: { reason: '=HYPERLINK("http://x","y"), see "note"' } });
    const res = await t().api('GET', `/api/v1/staff/audit.csv?customer=${encodeURIComponent(customer.email)}`, { token: financeB.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="audit-log.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor,role,kind,customer_id,customer_email,subject,before,after,reason');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${financeA.email},finance,funding.decline,${customer.user.id},${customer.email},${reference},`);
    expect(lines[1]!.endsWith(`,"'=HYPERLINK(""http://x"",""y""), see ""note"""`)).toBe(true);
  });
});

describeEachDb(
  'staff sign-in rate limit',
  (t) => {
    it('limits sign-ins and enrolments per client address like the log-in', async () => {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await t().api('POST', '/api/v1/staff/sessions', { body: { email: uniqueEmail('x'), password: 'whatever it is', code: '123456' } })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  },
  { rateLimits: { auth: { max: 3, timeWindow: 60_000 } } },
);
