// Issue 47, the API side: prices told before they are charged, notices that are true now, kit reviews told, one
// calendar, the undo page in the portal, messages that read like the portal. Both databases.
import { parseArgs } from '../src/cli/operator';
import { HttpError } from '../src/lib/errors';
import { schedulePrice } from '../src/services/price-changes';
import { createKit, createFunding, describeEachDb, fundWallet, lastMessage, later, signupUser, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

const DAY = 86_400_000;
const PRICE = 57000;
const NOW = new Date('2026-11-10T12:00:00Z');

const activate = (t: TestServer, token: string, id: number) => t.api('POST', `/api/v1/starlink_activates/${id}/activate_kit`, { token });
const notices = async (t: TestServer, token: string, kinds?: 'all') =>
  (await t.api('GET', `/api/v1/notifications${kinds ? '?kinds=all' : ''}`, { token })).body.notifications as Record<string, unknown>[];

describe('the operator command line for prices and reviews', () => {
  it('reads price set with its day and --force, and a review with its reason', () => {
    expect(parseArgs(['price', 'set', '60000', '--from', '2026-12-01'])).toEqual({ cmd: 'price-set', amount: 60000, from: '2026-12-01' });
    expect(parseArgs(['price', 'set', '60000', '--force'])).toEqual({ cmd: 'price-set', amount: 60000, force: true });
    expect(parseArgs(['price', 'set', '60000', '--from', '2026-12-01', '--force'])).toEqual({ cmd: 'price-set', amount: 60000, from: '2026-12-01', force: true });
    expect(() => parseArgs(['price', 'set', '60000', '--from'])).toThrow(/Unrecognised command/);
    expect(() => parseArgs(['price', 'set', '60000', 'soon'])).toThrow(/Unrecognised command/);
    expect(parseArgs(['kit', 'KIT-1', 'declined', 'NIN', 'does', 'not', 'match'])).toEqual({ cmd: 'kit', kitNumber: 'KIT-1', status: 'declined', reason: 'NIN does not match' });
    expect(parseArgs(['kit', 'KIT-1', 'accepted'])).toEqual({ cmd: 'kit', kitNumber: 'KIT-1', status: 'accepted' });
  });
});

describeEachDb(
  'prices told before they are charged (issue 47, item 4)',
  (t) => {
    afterEach(async () => {
      // Back to the default price, now, for the next test.
      await t().server.db.query('DELETE FROM plan_prices');
    });

    it('refuses a change without a day, or less than 7 days ahead, unless forced, and says which day would do', async () => {
      const bare = await t().operator({ cmd: 'price-set', amount: 60000 });
      expect(bare.status).toBe(422);
      expect(bare.body.message).toBe(
        'Give the day the price takes effect, 2026-11-18 or later, so every customer is told at least 7 days first; or force it to change now ' +
          '(customers are told, but with no notice). Use: price set 60000 --from 2026-11-18, or add --force to change it now.',
      );
      const soon = await t().operator({ cmd: 'price-set', amount: 60000, from: '2026-11-15' });
      expect(soon.status).toBe(422);
      expect(soon.body.message).toBe(
        'A price change must be announced at least 7 days ahead: choose 2026-11-18 or later, or force it (customers are then told with less notice). ' +
          'Use: price set 60000 --from 2026-11-18, or add --force.',
      );
      expect((await t().operator({ cmd: 'price-set', amount: 60000, from: '2026-02-30' })).body.message).toBe('The day must be a date as YYYY-MM-DD (got "2026-02-30")');
      expect((await t().operator({ cmd: 'price-set', amount: 60000, from: '2026-11-01', force: true })).body.message).toBe(
        '2026-11-01 is in the past: a price applies from a day to come.',
      );
      // 17th Nov starts 6 days 11 hours from now (13:00 in Lagos): short of 7 days, so 18th Nov is the first day.
      expect((await t().operator({ cmd: 'price-set', amount: 60000, from: '2026-11-17' })).status).toBe(422);
      const forced = await t().operator({ cmd: 'price-set', amount: 60000, from: '2026-11-15', force: true });
      expect(forced.status).toBe(200);
      expect(forced.body.result.message).toMatch(/ Applied sooner: less than 7 days' notice\.$/);
      expect((await t().operator({ cmd: 'price-get' })).body.result).toEqual({ plan_price: PRICE, scheduled: { plan_price: 60000, from: '2026-11-14T23:00:00.000Z' } });
    });

    it('is one service a staff route can call: a refusal is a 422 with its sentence, a change is the same as the command', async () => {
      const refusal = await schedulePrice(t().server.ctx, { amount: 60000, from: '2026-11-12' }).catch((err: unknown) => err);
      expect(refusal).toBeInstanceOf(HttpError);
      expect((refusal as HttpError).statusCode).toBe(422);
      expect((refusal as HttpError).body()).toEqual({
        message: 'A price change must be announced at least 7 days ahead: choose 2026-11-18 or later, or force it (customers are then told with less notice).',
        error: 'Price not changed',
        earliest_from: '2026-11-18',
      });
      expect((await schedulePrice(t().server.ctx, { amount: 60000, from: '2026-11-18' })).from).toBe('2026-11-17T23:00:00.000Z');
      expect((await t().api('GET', '/api/v1/plan_price', { token: (await signupUser(t())).token })).body).toEqual({
        amount: PRICE,
        scheduled: { amount: 60000, from: '2026-11-17T23:00:00.000Z' },
      });
    });

    it('tells every customer with a kit, by email, WhatsApp and a notice: the old price, the new one, from when', async () => {
      const owner = await signupUser(t(), { name: 'Ada Price' });
      await createKit(t(), owner.token);
      const kitless = await signupUser(t());
      const res = await t().operator({ cmd: 'price-set', amount: 60000, from: '2026-12-01' });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ plan_price: 60000, from: '2026-11-30T23:00:00.000Z', old_price: PRICE, forced: false });
      expect(res.body.result.message).toMatch(/^New plan price NGN 60,000 from 1st Dec 2026 \(was NGN 57,000\); \d+ customers? with a kit told by email, WhatsApp and a notice\.$/);

      const email = lastMessage(t(), owner.email, 'email')!;
      expect(email.subject).toBe('Plan price changing');
      expect(email.body).toBe(
        'Hello Ada Price,\n\nFrom 1st Dec 2026, one 30-day period costs NGN 60,000 instead of NGN 57,000. A renewal on or after that day is charged the new price. Your balance is NGN 0.' +
          '\n\nNext: See when each kit renews, and at what price, on Home. http://localhost:3000/home',
      );
      expect(lastMessage(t(), owner.user.whatsapp_number, 'whatsapp')?.subject).toBe('Plan price changing');
      expect(lastMessage(t(), kitless.email, 'email')?.subject).not.toBe('Plan price changing');
      // An older portal is not shown a kind it cannot name; a portal that asks sees it.
      expect((await notices(t(), owner.token)).map((n) => n.type)).toEqual([]);
      const [notice] = await notices(t(), owner.token, 'all');
      expect(notice).toMatchObject({
        type: 'price_change',
        amount: 60000,
        old_amount: PRICE,
        date: '2026-11-30T23:00:00.000Z',
        title: 'Plan price changing',
        next_step: { text: 'See when each kit renews, and at what price, on Home.', route: '/home' },
      });
      const price = await t().api('GET', '/api/v1/plan_price', { token: owner.token });
      expect(price.body).toEqual({ amount: PRICE, scheduled: { amount: 60000, from: '2026-11-30T23:00:00.000Z' } });

      // A new change replaces the one to come: its notice is withdrawn at the next read.
      await t().operator({ cmd: 'price-set', amount: 59000, from: '2026-12-05' });
      const now = await notices(t(), owner.token, 'all');
      expect(now.map((n) => [n.type, n.amount])).toEqual([['price_change', 59000]]);
    });

    it("charges each period the price in effect on the day it starts, and tells each kit's renewal price", async () => {
      const { token } = await signupUser(t());
      await fundWallet(t(), token, 4 * PRICE);
      const kit = await createKit(t(), token);
      expect((await activate(t(), token, kit.id)).body.renewal.amount).toBe(PRICE);
      expect((await t().operator({ cmd: 'price-set', amount: 60000, from: '2026-12-01' })).status).toBe(200);

      // Paid up to 10th Dec: its next period starts after the change.
      const shown = (await t().api('GET', `/api/v1/starlink_kits/${kit.id}`, { token })).body.kit;
      expect(shown).toMatchObject({ plan_price: PRICE, renewal_price: 60000, deadline: '2026-12-10T12:00:00.000Z' });
      const listed = (await t().api('GET', '/api/v1/starlink_kits', { token })).body.kits[0];
      expect(listed).toMatchObject({ plan_price: PRICE, renewal_price: 60000 });
      const fresh = await createKit(t(), token);
      expect((await t().api('GET', `/api/v1/starlink_kits/${fresh.id}`, { token })).body.kit).toMatchObject({ plan_price: PRICE, renewal_price: PRICE });

      // Renewed early, on 5th Dec: the period bought starts on 10th Dec, so it costs the new price; the quote says so.
      await later(t(), 25 * DAY, async () => {
        const quote = await t().api('GET', `/api/v1/starlink_kits/${kit.id}/charge_quote`, { token });
        expect(quote.body).toMatchObject({ action: 'renew', amount: 60000 });
        const renewed = await activate(t(), token, kit.id);
        expect(renewed.body.renewal).toMatchObject({ amount: 60000, start_date: '2026-12-10T12:00:00.000Z' });
      });
    });

    it('auto-renews at the price in effect on the renewal date', async () => {
      const { token } = await signupUser(t());
      await fundWallet(t(), token, 3 * PRICE);
      const kit = await createKit(t(), token);
      await activate(t(), token, kit.id);
      await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token, body: { id: kit.id, auto_renew: true } });
      expect((await t().operator({ cmd: 'price-set', amount: 61000, from: '2026-12-01' })).status).toBe(200);
      await later(t(), 30 * DAY - 6 * 3600_000, () => t().server.sweep());
      const renewals = (await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`, { token })).body;
      expect(renewals.map((r: { amount: number }) => r.amount)).toEqual([61000, PRICE]);
    });
  },
  { now: NOW, config: { sessionTtlHours: 24 * 90 } },
);

describeEachDb(
  'notices that are true now, and kit reviews told (issue 47, items 3 and 8)',
  (t) => {
    it('withdraws a renewal reminder once the wallet covers the renewal, and one once the kit is renewed', async () => {
      for (const how of ['funded', 'renewed'] as const) {
        const { token } = await signupUser(t());
        await fundWallet(t(), token, PRICE + 7000);
        const kit = await createKit(t(), token);
        await activate(t(), token, kit.id);
        await later(t(), 27.5 * DAY, async () => {
          await t().server.sweep();
          const [due] = await notices(t(), token);
          expect(due).toMatchObject({
            type: 'renewal_due',
            amount: 50000,
            balance: 7000,
            kit_id: kit.id,
            next_step: { text: 'Fund your wallet with NGN 50,000.', route: '/billing' },
          });
          await fundWallet(t(), token, 50000);
          if (how === 'renewed') expect((await activate(t(), token, kit.id)).status).toBe(200);
          expect((await notices(t(), token)).map((n) => n.type)).not.toContain('renewal_due');
        });
      }
    });

    it('withdraws an auto-renew failure once its invoice is paid', async () => {
      const { token } = await signupUser(t());
      await fundWallet(t(), token, PRICE + 1000);
      const kit = await createKit(t(), token);
      await activate(t(), token, kit.id);
      await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token, body: { id: kit.id, auto_renew: true } });
      await later(t(), 30 * DAY - 6 * 3600_000, async () => {
        await t().server.sweep();
        const [failed] = await notices(t(), token);
        expect(failed).toMatchObject({ type: 'auto_renew_failed', amount: 56000, next_step: { route: '/billing' } });
        await fundWallet(t(), token, 56000);
        expect((await activate(t(), token, kit.id)).status).toBe(200);
        expect((await notices(t(), token)).map((n) => n.type)).toEqual(['funding_approved', 'funding_approved']);
      });
    });

    it('withdraws an auto-renew failure once the wallet covers the unpaid period, and keeps it while short', async () => {
      const { token } = await signupUser(t());
      await fundWallet(t(), token, PRICE);
      const kit = await createKit(t(), token);
      await activate(t(), token, kit.id);
      await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token, body: { id: kit.id, auto_renew: true } });
      await later(t(), 30 * DAY - 6 * 3600_000, async () => {
        await t().server.sweep();
        await fundWallet(t(), token, PRICE - 1);
        // One naira short: still true.
        expect((await notices(t(), token)).map((n) => n.type)).toEqual(['funding_approved', 'auto_renew_failed', 'funding_approved']);
        await fundWallet(t(), token, 1);
        expect((await notices(t(), token)).map((n) => n.type)).toEqual(['funding_approved', 'funding_approved', 'funding_approved']);
      });
    });

    it('tells a kit accepted, with its next step, by email, WhatsApp and a notice', async () => {
      const { token, email, user } = await signupUser(t(), { name: 'Ada Review' });
      const kit = await createKit(t(), token);
      expect((await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'need_approval' })).body.result.told).toBe(false);
      const accepted = await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'accepted' });
      expect(accepted.body.result).toMatchObject({ status: 'accepted', told: true });
      expect(lastMessage(t(), email, 'email')).toMatchObject({
        subject: 'Kit accepted',
        body:
          `Hello Ada Review,\n\nKit ${kit.kit_number} was reviewed and accepted.\n\nNext: Activate it from its page: NGN 57,000 for 30 days, paid from your wallet. ` +
          `http://localhost:3000/dashboard/${kit.id}`,
      });
      expect(lastMessage(t(), user.whatsapp_number, 'whatsapp')?.subject).toBe('Kit accepted');
      const [notice] = await notices(t(), token, 'all');
      expect(notice).toMatchObject({ type: 'kit_accepted', kit_id: kit.id, kit_number: kit.kit_number, next_step: { route: `/dashboard/${kit.id}` } });
    });

    it('tells a kit declined with the reason given, and the next step', async () => {
      const { token, email } = await signupUser(t());
      const kit = await createKit(t(), token);
      const declined = await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'declined', reason: 'The NIN does not match the kit owner' });
      expect(declined.body.result).toMatchObject({ status: 'unapproved', told: true });
      const message = lastMessage(t(), email, 'email')!;
      expect(message.subject).toBe('Kit declined');
      expect(message.body).toContain(`Kit ${kit.kit_number} was reviewed and declined: The NIN does not match the kit owner.`);
      expect(message.body).toContain('Next: Contact support on WhatsApp about it.');
      const [notice] = await notices(t(), token, 'all');
      expect(notice).toMatchObject({ type: 'kit_declined', reason: 'The NIN does not match the kit owner', next_step: { route: null } });
      expect((await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'declined', reason: 'x'.repeat(301) })).status).toBe(422);
    });

    it('gives every money notice its next step', async () => {
      const { token } = await signupUser(t());
      const funding = await createFunding(t(), token, 5000);
      await t().operator({ cmd: 'funding', decision: 'decline', reference: funding.reference });
      await fundWallet(t(), token, 1000);
      const list = await notices(t(), token);
      expect(list.map((n) => [n.type, n.title, n.next_step])).toEqual([
        ['funding_approved', 'Wallet funded', { text: 'Activate or renew a kit from Home.', route: '/home' }],
        ['funding_declined', 'Transfer not confirmed', { text: 'Check the transfer on Billing, then contact support on WhatsApp.', route: '/billing' }],
      ]);
      expect(list[0]!.text).toBe(`We received your transfer of NGN 1,000 (${(list[0]!.reference as string) ?? ''}) and added it to your wallet. Your balance is now NGN 1,000.`);
    });
  },
  { now: NOW, config: { sessionTtlHours: 24 * 90 } },
);

describeEachDb(
  'one calendar, a welcome, the undo page in the portal (issue 47, items 10, 11 and 12)',
  (t) => {
    it('welcomes a new customer by email and WhatsApp with the first two steps', async () => {
      const { email, user } = await signupUser(t(), { name: 'Ada Welcome' });
      const welcome = lastMessage(t(), email, 'email')!;
      expect(welcome.subject).toBe('Welcome to the Starlink portal');
      expect(welcome.body).toBe(
        'Hello Ada Welcome,\n\nYour Starlink portal account is ready. Two steps to get your kit online:\n' +
          '1. Register your kit: Add kit on Home, http://localhost:3000/home\n' +
          '2. Fund your wallet by bank transfer on Billing, http://localhost:3000/billing (one 30-day period is NGN 57,000).\n\n' +
          'Then activate the kit from its page.',
      );
      expect(lastMessage(t(), user.whatsapp_number, 'whatsapp')?.subject).toBe('Welcome to the Starlink portal');
    });

    it("lists statement months from the customer's first month, and dates an opening balance the 1st", async () => {
      const { token } = await signupUser(t());
      // Signed up on 10th Nov: November is the first month, with or without a line.
      expect((await t().api('GET', '/api/v1/starlink_wallet_transactions/statement_months', { token })).body).toEqual({ months: ['2026-11'] });
      await later(t(), 21 * DAY, async () => {
        // 1st Dec 2026 12:00 UTC: the first line is in December, the months still start at sign-up.
        await fundWallet(t(), token, 120000);
      });
      await later(t(), 52 * DAY, async () => {
        // 1st Jan 2027: November (signed up) and December (the line) before January, the current month.
        const months = await t().api('GET', '/api/v1/starlink_wallet_transactions/statement_months', { token });
        expect(months.body).toEqual({ months: ['2027-01', '2026-12', '2026-11'] });
        const november = await t().api('GET', '/api/v1/starlink_wallet_transactions/statement_pdf?month=2026-11', { token });
        expect(november.status).toBe(200);
        const novemberRows = pdfText(november.bytes!);
        expect(novemberRows.slice(novemberRows.indexOf('Balance after') + 1).slice(0, 3)).toEqual(['1st Nov 2026', 'Opening balance', 'NGN 0']);
        // A month with lines opens on its first day too, not on the day of its first line.
        const december = await t().api('GET', '/api/v1/starlink_wallet_transactions/statement_pdf?month=2026-12', { token });
        const decemberRows = pdfText(december.bytes!);
        expect(decemberRows.slice(decemberRows.indexOf('Balance after') + 1).slice(0, 3)).toEqual(['1st Dec 2026', 'Opening balance', 'NGN 0']);
        const january = await t().api('GET', '/api/v1/starlink_wallet_transactions/statement_pdf?month=2027-01', { token });
        expect(january.status).toBe(200);
        const rows = pdfText(january.bytes!);
        const table = rows.slice(rows.indexOf('Balance after') + 1);
        expect(table.slice(0, 3)).toEqual(['1st Jan 2027', 'Opening balance', 'NGN 120,000']);
        expect(table).toContain('No credits or debits this month.');
        // Before the customer signed up there is no statement.
        const october = await t().api('GET', '/api/v1/starlink_wallet_transactions/statement_pdf?month=2026-10', { token });
        expect(october.status).toBe(422);
        expect(october.body.error).toBe('No account history');
      });
    });

    it('writes the Lagos day in answers and messages, even when UTC has not reached it yet', async () => {
      const { token, email } = await signupUser(t());
      await fundWallet(t(), token, PRICE);
      const kit = await createKit(t(), token);
      // 23:30 UTC on 10th Nov is 00:30 on 11th Nov in Lagos: the period bought ends at 23:30 UTC on 10th Dec, which the
      // customer's calendar calls 11th Dec.
      await later(t(), 11.5 * 3600_000, async () => {
        const { renewal } = (await activate(t(), token, kit.id)).body;
        const early = await activate(t(), token, kit.id);
        expect(early.body.message).toBe("This kit's renewal deadline is 11th Dec 2026; renewal opens 7 days before the deadline.");
        // The receipt says the same days as the portal: paid on 11th Nov, up to 11th Dec (UTC: 10th and 10th).
        const receipt = pdfText((await t().api('GET', `/api/v1/starlink_kit_renewals/${renewal.id}/download_pdf`, { token })).bytes!);
        expect(receipt).toEqual(
          expect.arrayContaining(['Issued 11th Nov 2026', '11th Nov 2026 to 11th Dec 2026', '11th Nov 2026, from the wallet', '11th Dec 2026', 'NGN 57,000']),
        );
        expect(receipt.join(' ')).not.toMatch(/10th (Nov|Dec) 2026/);
      });
      await later(t(), 27.5 * DAY, async () => {
        await t().server.sweep();
        // The sweep's messages leave after it, as an answer's do.
        await t().server.queue.idle();
      });
      expect(lastMessage(t(), email, 'email')?.body).toContain('is due for renewal on 11th Dec 2026');
    });

    it('points the undo link at the portal; the API reads it as JSON without acting, and acts on POST', async () => {
      const { token, email, password } = await signupUser(t());
      await t().api('PUT', '/api/v1/starlink_users/phone_number_change_request', {
        token,
        body: { starlink_user_profile: { profile_param: '+2348077777777', current_password: password } },
      });
      const link = lastMessage(t(), email, 'email')!.link!;
      expect(link).toMatch(/^http:\/\/localhost:3000\/undo-contact-change\?token=[A-Za-z0-9_-]{43}$/);
      const undoToken = new URL(link).searchParams.get('token')!;

      const read = await t().api('GET', `/api/v1/contact_reverts/${undoToken}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        field: 'phone_number',
        old_value: '+2348011111111',
        new_value: '+2348077777777',
        expires_at: expect.stringMatching(/^2026-11-17T12:00:00/),
        message: 'Put +2348011111111 back as your phone number, in place of +2348077777777? Every device will be signed out.',
      });
      // Reading changed nothing.
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).status).toBe(200);
      const acted = await t().api('POST', `/api/v1/contact_reverts/${undoToken}`);
      expect(acted.status).toBe(200);
      const gone = await t().api('GET', `/api/v1/contact_reverts/${undoToken}`);
      expect(gone.status).toBe(422);
      expect(gone.body).toEqual({ message: 'This link is invalid, has expired or was already used.', error: 'Invalid or expired revert link' });
    });
  },
  { now: NOW, config: { sessionTtlHours: 24 * 90 } },
);
