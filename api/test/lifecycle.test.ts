import { KIT_LIFECYCLE, OPERATOR_STATES } from 'portal-rules';
import { ConfigError, loadConfig } from '../src/config';
import { formatAmount } from '../src/lib/format';
import { createKit, describeEachDb, fundWallet, signupUser } from './helpers';
import { pdfText } from './pdf-text';

const DAY = 86_400_000;
const PRICE = 57000;

describe('the seller on invoices and receipts', () => {
  it('is the bank account name customers pay, by default and when only that is configured', () => {
    expect(loadConfig({}).seller.name).toBe('Starlink Kits Reseller Ltd');
    expect(loadConfig({ PORTAL_BANK_ACCOUNT_NAME: 'Skyline Kits Nigeria Ltd' }).seller.name).toBe('Skyline Kits Nigeria Ltd');
    expect(loadConfig({ PORTAL_BANK_ACCOUNT_NAME: 'Skyline Kits', SELLER_NAME: 'Skyline Kits' }).seller.name).toBe('Skyline Kits');
  });

  it('refuses to start with a seller other than the account name', () => {
    expect(() => loadConfig({ PORTAL_BANK_ACCOUNT_NAME: 'Skyline Kits Nigeria Ltd', SELLER_NAME: 'Demo Kits Reseller Ltd' })).toThrow(ConfigError);
  });
});

describeEachDb('kit lifecycle, charge quotes and document snapshots', (t) => {
  const quote = (token: string, id: number) => t().api('GET', `/api/v1/starlink_kits/${id}/charge_quote`, { token });
  const charge = (token: string, id: number) => t().api('POST', `/api/v1/starlink_activates/${id}/activate_kit`, { token });
  const balance = async (token: string) => (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance;
  const status = async (token: string, id: number) => (await t().api('GET', `/api/v1/starlink_kits/${id}`, { token })).body.kit.status;
  const setStatus = (id: number, value: string) => t().server.db.query('UPDATE kits SET status = $2 WHERE id = $1', [id, value]);

  it('added, reviewed, paid for, disconnected and reactivated: each step as the table says', async () => {
    const { token, email, password } = await signupUser(t());
    const kit = await createKit(t(), token);
    expect(kit.status).toBe('pending');

    // Held for review: nothing to pay, whatever the wallet holds; the operator cannot skip to a paid state.
    expect((await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'need_approval' })).status).toBe(200);
    expect((await quote(token, kit.id)).status).toBe(422);
    const active = await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'active' });
    expect(active.status).not.toBe(200);
    expect(JSON.stringify(active.body)).toContain('not a review state');
    expect(await status(token, kit.id)).toBe('need_approval');

    // Approved: Activate, priced before any charge; the quote with an empty wallet says how much to add.
    expect((await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'accepted' })).status).toBe(200);
    const short = await quote(token, kit.id);
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ kit_id: kit.id, action: 'activate', amount: PRICE, balance: 0, balance_after: null, amount_due: PRICE, error: 'Insufficient wallet balance' });
    expect(short.body.message).toContain('Insufficient wallet balance');

    await fundWallet(t(), token, 60000);
    const priced = await quote(token, kit.id);
    expect(priced.body).toMatchObject({ action: 'activate', amount: PRICE, balance: 60000, balance_after: 3000, amount_due: 0 });
    expect(priced.body).not.toHaveProperty('error');
    // A quote charges nothing.
    expect(await balance(token)).toBe(60000);
    expect(await status(token, kit.id)).toBe('accepted');

    const paid = await charge(token, kit.id);
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe('Activation successful');
    expect(paid.body.renewal).toMatchObject({ amount: priced.body.amount, start_date: expect.any(String) });
    expect(Date.parse(paid.body.renewal.end_date) - Date.parse(paid.body.renewal.start_date)).toBe(30 * DAY);
    expect(await balance(token)).toBe(priced.body.balance_after);

    // Paid: review moves no longer apply; renewal is not due, and the quote says so as the charge would.
    const review = await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'accepted' });
    expect(review.status).not.toBe(200);
    expect(JSON.stringify(review.body)).toContain('cannot be moved');
    const early = await quote(token, kit.id);
    expect(early.status).toBe(422);
    expect(early.body.error).toBe('Renewal not due yet');

    // Disconnected by the reseller: Reactivate, once the renewal window opens.
    expect((await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: 'deactivated' })).status).toBe(200);
    await fundWallet(t(), token, PRICE);
    t().advance(24 * DAY);
    try {
      // Sessions last 7 days: log in again after the jump.
      const { token: later } = (await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password } } })).body;
      const reactivate = await quote(later, kit.id);
      expect(reactivate.body).toMatchObject({ action: 'reactivate', amount: PRICE, amount_due: 0, period_start: paid.body.renewal.end_date });
      const again = await charge(later, kit.id);
      expect(again.status).toBe(200);
      expect(again.body.message).toBe('Renewal successful');
      expect(again.body.renewal.start_date).toBe(reactivate.body.period_start);
      expect(await status(later, kit.id)).toBe('active');
    } finally {
      t().advance(-24 * DAY);
    }
  });

  it.each(Object.entries(KIT_LIFECYCLE))('a kit in %s is charged exactly when the table offers a charge', async (state, rule) => {
    const { token } = await signupUser(t());
    const kit = await createKit(t(), token);
    await fundWallet(t(), token, PRICE);
    await setStatus(kit.id, state);
    const priced = await quote(token, kit.id);
    const paid = await charge(token, kit.id);
    if (rule.charge) {
      expect(priced.status).toBe(200);
      expect(priced.body.action).toBe(rule.charge);
      expect(paid.status).toBe(200);
      expect(await balance(token)).toBe(0);
    } else {
      expect(priced.status).toBe(422);
      expect(paid.status).toBe(422);
      expect(paid.body.error).toBe('Kit cannot be activated');
      expect(await balance(token)).toBe(PRICE);
    }
  });

  it('the operator sets only the review states, each from the states the table names', async () => {
    const { token } = await signupUser(t());
    for (const to of OPERATOR_STATES) {
      for (const from of Object.keys(KIT_LIFECYCLE)) {
        const kit = await createKit(t(), token);
        await setStatus(kit.id, from);
        const res = await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status: to });
        const allowed = from === to || KIT_LIFECYCLE[to]!.operatorFrom.includes(from);
        expect([from, to, res.status === 200]).toEqual([from, to, allowed]);
        expect(await status(token, kit.id)).toBe(allowed ? to : from);
      }
    }
  });

  it("another customer's kit has no quote", async () => {
    const a = await signupUser(t());
    const b = await signupUser(t());
    const kit = await createKit(t(), a.token);
    expect((await quote(b.token, kit.id)).status).toBe(404);
    expect((await quote(a.token, 999999)).status).toBe(404);
  });

  it('a receipt shows what was true when it was issued, also after the kit and the email change', async () => {
    const { token, email } = await signupUser(t(), { name: 'Chiamaka Eze' });
    const kit = await createKit(t(), token);
    await fundWallet(t(), token, PRICE);
    const { renewal } = (await charge(token, kit.id)).body;
    const pdf = async () => pdfText((await t().api('GET', `/api/v1/starlink_kit_renewals/${renewal.id}/download_pdf`, { token })).bytes!);
    const before = await pdf();
    expect(before).toEqual(expect.arrayContaining(['Starlink Kits Reseller Ltd', 'Chiamaka Eze', email, kit.address, formatAmount(PRICE)]));

    expect((await t().api('PUT', `/api/v1/starlink_kits/kit_address_change_request?id=${kit.id}`, { token, body: { starlink_kit_address: { address: '7 Broad Street, Lagos Island' } } })).status).toBe(200);
    const newEmail = `new.${email}`;
    expect((await t().api('PUT', '/api/v1/starlink_users/email_change_request', { token, body: { starlink_user_profile: { profile_param: newEmail, current_password: 'secret123' } } })).status).toBe(200);
    await t().server.db.query("UPDATE users SET name = 'Someone Else' WHERE lower(email) = $1", [newEmail]);
    await t().operator({ cmd: 'price-set', amount: 60000, force: true });
    try {
      const after = await pdf();
      expect(after).toEqual(before);
      expect(after).not.toContain('7 Broad Street, Lagos Island');
      expect(after).not.toContain(newEmail);
    } finally {
      await t().operator({ cmd: 'price-set', amount: PRICE, force: true });
    }
  });

  it('a receipt written without a snapshot takes one at its first read and keeps it', async () => {
    const { token } = await signupUser(t());
    const kit = await createKit(t(), token);
    await fundWallet(t(), token, PRICE);
    const { renewal } = (await charge(token, kit.id)).body;
    await t().server.db.query('UPDATE kit_renewals SET snapshot = NULL WHERE id = $1', [renewal.id]);
    const pdf = async () => pdfText((await t().api('GET', `/api/v1/starlink_kit_renewals/${renewal.id}/download_pdf`, { token })).bytes!);
    const first = await pdf();
    expect(first).toContain(kit.address);
    await t().api('PUT', `/api/v1/starlink_kits/kit_address_change_request?id=${kit.id}`, { token, body: { starlink_kit_address: { address: '7 Broad Street, Lagos Island' } } });
    expect(await pdf()).toEqual(first);
  });
});

describeEachDb('wallet statement', (t) => {
  it('lists every credit and debit of the wallet, newest first, with the balance after each, a page at a time', async () => {
    const { token } = await signupUser(t());
    const other = await signupUser(t());
    const kit = await createKit(t(), token);
    const funding = await fundWallet(t(), token, 200000);
    await fundWallet(t(), other.token, 1000);
    expect((await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })).status).toBe(200);

    const res = await t().api('GET', '/api/v1/starlink_wallet_transactions?page=1&per_page=10', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, per_page: 10, total_pages: 1, total_count: 2 });
    expect(res.body.transactions).toEqual([
      expect.objectContaining({ kind: 'activation', amount: -PRICE, balance_after: 200000 - PRICE, kit_number: kit.kit_number, reference: null }),
      expect.objectContaining({ kind: 'funding', amount: 200000, balance_after: 200000, reference: funding.reference, kit_number: null }),
    ]);
    // The newest line's balance is the wallet's.
    expect(res.body.transactions[0].balance_after).toBe((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance);

    const second = await t().api('GET', '/api/v1/starlink_wallet_transactions?page=2&per_page=1', { token });
    expect(second.body).toMatchObject({ page: 2, per_page: 1, total_pages: 2, total_count: 2 });
    expect(second.body.transactions.map((l: { kind: string }) => l.kind)).toEqual(['funding']);
    expect((await t().api('GET', '/api/v1/starlink_wallet_transactions?per_page=51', { token })).status).toBe(400);
    expect((await t().api('GET', '/api/v1/starlink_wallet_transactions')).status).toBe(401);
  });
});
