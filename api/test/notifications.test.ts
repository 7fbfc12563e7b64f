import type { OutboxMessage } from '../src/outbox';
import { createFunding, createKit, describeEachDb, fundWallet, later, signupUser, usePeer } from './helpers';

const DAY = 24 * 3600_000;
const PRICE = 57000;

describeEachDb('money events told to the customer (two instances on one database)', (t, variant) => {
  const peer = usePeer(t, variant);

  /** Every message either instance sent to this address or number, once both have let out what they queued. */
  async function messagesTo(to: string): Promise<OutboxMessage[]> {
    await Promise.all([t().server.queue.idle(), peer().queue.idle()]);
    return [...t().server.outbox.sent, ...peer().ctx.outbox.sent].filter((m) => m.to === to && m.subject !== 'Welcome to the Starlink portal');
  }

  async function customer() {
    const whatsapp = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const signed = await signupUser(t(), { whatsapp_number: whatsapp });
    return { ...signed, whatsapp };
  }

  it('tells an approved funding once by email and WhatsApp, with approvals racing on both instances', async () => {
    const { token, email, whatsapp } = await customer();
    const funding = await createFunding(t(), token, 120000);
    const command = { cmd: 'funding', decision: 'approve', reference: funding.reference };
    const operatorToken = { 'x-operator-token': peer().operatorToken };
    await Promise.all([
      t().operator(command),
      t().operator(command),
      peer().api('POST', '/operator/command', { body: command, headers: operatorToken }),
      peer().api('POST', '/operator/command', { body: command, headers: operatorToken }),
    ]);
    const sent = await messagesTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: 'email',
      subject: 'Wallet funded',
      // As the portal writes amounts, with the new balance and the next step at its portal address.
      body:
        `Hello Test User,\n\nWe received your transfer of NGN 120,000 (${funding.reference}) and added it to your wallet. Your balance is now NGN 120,000.` +
        '\n\nNext: Activate or renew a kit from Home. http://localhost:3000/home',
    });
    expect((await messagesTo(whatsapp)).map((m) => [m.channel, m.subject])).toEqual([['whatsapp', 'Wallet funded']]);

    const notices = await t().api('GET', '/api/v1/notifications', { token });
    expect(notices.status).toBe(200);
    expect(notices.body.notifications).toEqual([
      expect.objectContaining({ type: 'funding_approved', amount: 120000, reference: funding.reference, kit_number: null }),
    ]);
  });

  it('tells a declined funding, and a dismissed notice leaves /home (another customer cannot dismiss it)', async () => {
    const { token, email } = await customer();
    const other = await customer();
    const funding = await createFunding(t(), token, 5000);
    expect((await t().operator({ cmd: 'funding', decision: 'decline', reference: funding.reference })).status).toBe(200);
    const [message] = await messagesTo(email);
    expect(message?.subject).toBe('Transfer not confirmed');
    expect(message?.body).toContain('We could not confirm your transfer of NGN 5,000');
    expect(message?.body).toContain('Your balance is NGN 0.');
    expect(message?.body).toContain('Next: Check the transfer on Billing, then contact support on WhatsApp. http://localhost:3000/billing');

    const [notice] = (await t().api('GET', '/api/v1/notifications', { token })).body.notifications;
    expect(notice.type).toBe('funding_declined');
    expect((await t().api('POST', `/api/v1/notifications/${notice.id}/dismiss`, { token: other.token })).status).toBe(404);
    const dismissed = await t().api('POST', `/api/v1/notifications/${notice.id}/dismiss`, { token });
    expect(dismissed.body).toEqual({ id: notice.id, dismissed: true });
    expect((await t().api('GET', '/api/v1/notifications', { token })).body.notifications).toEqual([]);
  });

  it('reminds once, 3 days before a deadline, a customer whose wallet is short, with the amount to add', async () => {
    const { token, email, whatsapp } = await customer();
    await fundWallet(t(), token, PRICE + 7000);
    const kit = await createKit(t(), token);
    expect((await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })).status).toBe(200);
    await messagesTo(email); // the funding's own message is counted below by subject

    // Four days ahead of the deadline: not yet.
    await later(t(), 26 * DAY, () => Promise.all([t().server.sweep(), peer().sweep()]));
    expect((await messagesTo(email)).filter((m) => m.subject === 'Renewal due soon')).toEqual([]);

    const results = await later(t(), 27.5 * DAY, async () => {
      const both = await Promise.all([t().server.sweep(), peer().sweep(), t().server.sweep(), peer().sweep()]);
      await Promise.all([t().server.sweep(), peer().sweep()]);
      return both;
    });
    expect(results.reduce((n, r) => n + r.reminded, 0)).toBeGreaterThanOrEqual(1);
    const reminders = (await messagesTo(email)).filter((m) => m.subject === 'Renewal due soon');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.body).toMatch(
      new RegExp(`^Hello Test User,\n\nKit ${kit.kit_number} is due for renewal on .+ and your wallet holds NGN 7,000\\. Add NGN 50,000 to your wallet to renew it\\.\n\nNext: Fund your wallet with NGN 50,000\\. http://localhost:3000/billing$`),
    );
    expect((await messagesTo(whatsapp)).filter((m) => m.subject === 'Renewal due soon')).toHaveLength(1);
    const notices = (await t().api('GET', '/api/v1/notifications', { token })).body.notifications;
    expect(notices[0]).toMatchObject({ type: 'renewal_due', amount: 50000, kit_number: kit.kit_number });
  });

  it('does not remind a customer whose wallet covers the renewal', async () => {
    const { token, email } = await customer();
    await fundWallet(t(), token, PRICE * 2);
    const kit = await createKit(t(), token);
    expect((await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })).status).toBe(200);
    await later(t(), 28 * DAY, () => t().server.sweep());
    expect((await messagesTo(email)).filter((m) => m.subject === 'Renewal due soon')).toEqual([]);
  });

  it('tells an auto-renewal paid once, and one that failed for want of money once', async () => {
    const paid = await customer();
    const short = await customer();
    await fundWallet(t(), paid.token, PRICE * 2);
    await fundWallet(t(), short.token, PRICE + 1000);
    const kits = [];
    for (const c of [paid, short]) {
      const kit = await createKit(t(), c.token);
      expect((await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token: c.token })).status).toBe(200);
      expect((await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token: c.token, body: { id: kit.id, auto_renew: true } })).status).toBe(200);
      kits.push(kit);
    }
    await later(t(), 30 * DAY - 12 * 3600_000, async () => {
      await Promise.all([t().server.sweep(), peer().sweep(), t().server.sweep(), peer().sweep()]);
      await Promise.all([t().server.sweep(), peer().sweep()]);
    });

    const renewed = (await messagesTo(paid.email)).filter((m) => m.subject === 'Kit renewed');
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.body).toMatch(
      new RegExp(`^Hello Test User,\n\nKit ${kits[0].kit_number} was renewed automatically: NGN 57,000 was paid from your wallet\\. It is paid up to .+\\. Your balance is now NGN 0\\.`),
    );
    expect(renewed[0]!.body).toContain(`Next: Nothing to do. The receipt is on the kit's page. http://localhost:3000/dashboard/${kits[0].id}`);
    expect((await messagesTo(paid.whatsapp)).filter((m) => m.subject === 'Kit renewed')).toHaveLength(1);

    const failed = (await messagesTo(short.email)).filter((m) => m.subject.startsWith('Auto-renew') || m.subject === 'Renewal due soon');
    expect(failed.map((m) => m.subject)).toEqual(['Auto-renew failed']);
    expect(failed[0]!.body).toContain('your wallet holds NGN 1,000 and is short of NGN 56,000');
    expect((await messagesTo(short.whatsapp)).filter((m) => m.subject === 'Auto-renew failed')).toHaveLength(1);
  });

  it('sends nothing and shows nothing for a type the customer turned off; the others stay on', async () => {
    const { token, email } = await customer();
    expect((await t().api('GET', '/api/v1/notification_preferences', { token })).body).toEqual({
      notification_preferences: {
        funding_approved: true,
        funding_declined: true,
        renewal_due: true,
        auto_renew_charged: true,
        auto_renew_failed: true,
      },
    });
    const off = await t().api('PUT', '/api/v1/notification_preferences', {
      token,
      body: { notification_preferences: { funding_approved: false } },
    });
    expect(off.status).toBe(200);
    expect(off.body.notification_preferences).toMatchObject({ funding_approved: false, funding_declined: true });
    // Read by the other instance too: the setting lives in the database.
    expect((await peer().api('GET', '/api/v1/notification_preferences', { token })).body.notification_preferences.funding_approved).toBe(false);

    await fundWallet(t(), token, 1000);
    const declined = await createFunding(t(), token, 2000);
    await t().operator({ cmd: 'funding', decision: 'decline', reference: declined.reference });
    // Turning a type off is told to the email on file (a stolen session must not silence them unnoticed).
    expect((await messagesTo(email)).map((m) => m.subject)).toEqual(['Money messages turned off', 'Transfer not confirmed']);
    expect((await t().api('GET', '/api/v1/notifications', { token })).body.notifications.map((n: { type: string }) => n.type)).toEqual([
      'funding_declined',
    ]);
  });

  it('refuses a setting that is not on or off, with a readable message', async () => {
    const { token } = await customer();
    const res = await t().api('PUT', '/api/v1/notification_preferences', {
      token,
      body: { notification_preferences: { renewal_due: 'no' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Each setting must be on (true) or off (false).');
    expect((await t().api('GET', '/api/v1/notifications')).status).toBe(401);
  });

  it('refuses demo-due outside the demo set-up, since it rewrites the dates of receipts', async () => {
    const res = await t().operator({ cmd: 'demo-due', kitNumber: 'KITANY' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('demo-due works only in the demo set-up (SEED_DEMO=1): it rewrites the dates of receipts.');
  });
});

describeEachDb(
  'the demo set-up tool demo-due',
  (t) => {
    it('makes a paid kit renewable today and, with the wallet short, reminded by the next sweep', async () => {
      const { token, email } = await signupUser(t());
      await fundWallet(t(), token, PRICE);
      const kit = await createKit(t(), token);
      expect((await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })).status).toBe(200);
      expect((await t().api('GET', `/api/v1/starlink_kits/${kit.id}/charge_quote`, { token })).body.error).toBe('Renewal not due yet');

      const due = await t().operator({ cmd: 'demo-due', kitNumber: kit.kit_number });
      expect(due.status).toBe(200);
      const quote = await t().api('GET', `/api/v1/starlink_kits/${kit.id}/charge_quote`, { token });
      expect(quote.body).toMatchObject({ action: 'renew', amount_due: PRICE });
      await t().server.sweep();
      await t().server.queue.idle();
      expect(t().server.outbox.sent.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
        'Welcome to the Starlink portal',
        'Wallet funded',
        'Renewal due soon',
      ]);
    });
  },
  { config: { seedDemo: true } },
);
