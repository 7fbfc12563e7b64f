import { ledgerMismatches } from '../src/services/wallet';
import { createFunding, createKit, describeEachDb, fundWallet, signupUser, type TestServer } from './helpers';

describeEachDb('money under concurrency', (t) => {
  it('50 parallel activations of one kit with money for one: exactly one charge', async () => {
    const { token } = await signupUser(t());
    const kit = await createKit(t(), token);
    await fundWallet(t(), token, 57000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(49);
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(0);
    expect((await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`, { token })).body).toHaveLength(1);
    expect(await ledgerMismatches(t().server.db)).toEqual([]);
  });

  it('50 parallel activations of different kits with money for one: one succeeds, 49 get amount_due', async () => {
    const { token, user } = await signupUser(t());
    const kits = [];
    for (let i = 0; i < 50; i++) kits.push(await createKit(t(), token));
    await fundWallet(t(), token, 57000 + 100);
    const results = await Promise.all(kits.map((k) => t().api('POST', `/api/v1/starlink_activates/${k.id}/activate_kit`, { token })));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 422);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.body).toMatchObject({ error: 'Insufficient wallet balance', amount_due: 56900 });
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(100);

    // Balance and ledger agree, and exactly one debit was written.
    const rows = await t().server.db.query<{ amount: string; kind: string }>(
      'SELECT t.amount, t.kind FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id WHERE w.user_id = $1 ORDER BY t.id',
      [user.id],
    );
    expect(rows.map((r) => [Number(r.amount), r.kind])).toEqual([
      [57100, 'funding'],
      [-57000, 'activation'],
    ]);
    const active = await t().server.db.query('SELECT id FROM kits WHERE user_id = $1 AND status = $2', [user.id, 'active']);
    expect(active).toHaveLength(1);
    expect(await ledgerMismatches(t().server.db)).toEqual([]);
  });

  it('never lets the balance go negative, even if a debit bypasses the service', async () => {
    await expect(t().server.db.query("UPDATE wallets SET balance = -1 WHERE wallet_id LIKE 'SLW-%'")).rejects.toThrow();
  });
});

const DAY = 24 * 3600_000;

/** Every wallet's balance equals its ledger and none is negative. */
async function assertMoneyInvariants(t: TestServer) {
  expect(await ledgerMismatches(t.server.db)).toEqual([]);
  const [{ negative }] = (await t.server.db.query<{ negative: number }>('SELECT count(*)::int AS negative FROM wallets WHERE balance < 0')) as [
    { negative: number },
  ];
  expect(negative).toBe(0);
}

describeEachDb(
  'money under concurrency: renewals and fundings',
  (t) => {
    /** A new customer and `count` open fundings of their wallet, created one after another as `funding(i)` says. */
    async function customerWithFundings(count: number, funding: (i: number) => { amount: number; idempotencyKey?: string }) {
      const { token } = await signupUser(t());
      const wallet = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body;
      const fundings = [];
      for (let i = 0; i < count; i++) {
        const { amount, idempotencyKey } = funding(i);
        fundings.push(await createFunding(t(), token, amount, { walletId: wallet.id, idempotencyKey }));
      }
      return { token, fundings };
    }

    it('parallel activations and renewals of many kits with money for one: one charge, the rest 422', async () => {
      const { token, user } = await signupUser(t());
      const renewable = [];
      for (let i = 0; i < 10; i++) renewable.push(await createKit(t(), token));
      await fundWallet(t(), token, 57000 * renewable.length);
      for (const k of renewable) expect((await t().api('POST', `/api/v1/starlink_activates/${k.id}/activate_kit`, { token })).status).toBe(200);
      const fresh = [];
      for (let i = 0; i < 10; i++) fresh.push(await createKit(t(), token));
      // 25 days later the paid kits are due (renewal opens 7 days before the deadline).
      t().advance(25 * DAY);
      try {
        await fundWallet(t(), token, 57000);
        const requests = [...renewable, ...fresh].flatMap((k) => [k, k]); // every kit twice: a double click each
        const results = await Promise.all(requests.map((k) => t().api('POST', `/api/v1/starlink_activates/${k.id}/activate_kit`, { token })));
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        expect(results.filter((r) => r.status === 422)).toHaveLength(requests.length - 1);
        // Refusals: no money, or (for the twin of the request that paid, if it came second) nothing due any more.
        const refusals = results.filter((r) => r.status !== 200).map((r) => r.body.error as string);
        expect(refusals.filter((e) => e !== 'Insufficient wallet balance' && e !== 'Renewal not due yet')).toEqual([]);
        expect(refusals.filter((e) => e === 'Renewal not due yet').length).toBeLessThanOrEqual(1);
        expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(0);
        const debits = await t().server.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id WHERE w.user_id = $1 AND t.amount < 0",
          [user.id],
        );
        expect(debits[0]!.n).toBe(renewable.length + 1);
        // The renewal the wallet paid for is there, as one receipt; nothing else moved.
        const receipts = await t().server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM kit_renewals WHERE user_id = $1 AND status = 'receipt'", [user.id]);
        expect(receipts[0]!.n).toBe(renewable.length + 1);
        await assertMoneyInvariants(t());
      } finally {
        t().advance(-25 * DAY);
      }
    });

    it('parallel renewals of one due kit with money for three: charged once (the second is not due yet)', async () => {
      const { token } = await signupUser(t());
      const kit = await createKit(t(), token);
      await fundWallet(t(), token, 57000);
      expect((await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })).status).toBe(200);
      t().advance(26 * DAY);
      try {
        await fundWallet(t(), token, 3 * 57000);
        const results = await Promise.all(Array.from({ length: 30 }, () => t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })));
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        expect(results.filter((r) => r.status === 422 && r.body.error === 'Renewal not due yet')).toHaveLength(29);
        expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(2 * 57000);
        const renewals = (await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`, { token })).body;
        expect(renewals).toHaveLength(2);
        // The new period starts where the old one ended: nothing lost, nothing doubled.
        expect(renewals[0].start_date).toBe(renewals[1].end_date);
        await assertMoneyInvariants(t());
      } finally {
        t().advance(-26 * DAY);
      }
    });

    it('customer confirmations racing operator approvals of one funding credit it exactly once', async () => {
      const { token } = await signupUser(t());
      const funding = await createFunding(t(), token, 120000);
      const confirm = () =>
        t().api('PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=${funding.id}`, { token, body: { starlink_wallet_funding: { paid: 'yes' } } });
      const approve = () => t().operator({ cmd: 'funding', decision: 'approve', reference: funding.reference });
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? confirm() : approve())));
      const approvals = results.filter((_, i) => i % 2 === 0);
      const confirmations = results.filter((_, i) => i % 2 === 1);
      expect(approvals.every((r) => r.status === 200)).toBe(true);
      expect(approvals.filter((r) => r.body.result.outcome === 'approved')).toHaveLength(1);
      // A confirmation either saw the funding open (200) or already approved (422); never a 500.
      expect(confirmations.every((r) => r.status === 200 || (r.status === 422 && r.body.error === 'Funding already processed'))).toBe(true);
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(120000);
      const lines = await t().server.db.query('SELECT 1 FROM wallet_transactions WHERE funding_id = $1', [funding.id]);
      expect(lines).toHaveLength(1);
      expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token })).body[0].status).toBe('approved');
      await assertMoneyInvariants(t());
    });

    it('an approval racing a decline of the same funding: one decision wins, credited at most once', async () => {
      const { token, fundings: created } = await customerWithFundings(5, (i) => ({ amount: 1000 + i }));
      const results = await Promise.all(
        created.map((f) => f.reference as string).flatMap((reference) => [
          t().operator({ cmd: 'funding', decision: 'approve', reference }),
          t().operator({ cmd: 'funding', decision: 'decline', reference }),
          t().operator({ cmd: 'funding', decision: 'approve', reference }),
        ]),
      );
      expect(results.every((r) => r.status === 200 || r.status === 422)).toBe(true);
      const fundings = (await t().api('GET', '/api/v1/starlink_wallet_fundings', { token })).body as { amount: number; status: string }[];
      expect(fundings.every((f) => f.status === 'approved' || f.status === 'unapproved')).toBe(true);
      const approvedSum = fundings.filter((f) => f.status === 'approved').reduce((s, f) => s + f.amount, 0);
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(approvedSum);
      await assertMoneyInvariants(t());
    });

    it('many fundings of one wallet approved in parallel: the balance is their sum, and spending races stay non-negative', async () => {
      const { token, fundings: created } = await customerWithFundings(20, (i) => ({ amount: 5000 + i, idempotencyKey: `par-${i}` }));
      const kits = [];
      for (let i = 0; i < 5; i++) kits.push(await createKit(t(), token));
      // Approvals (twice each) and activations all at once.
      const approvals = created.flatMap((f) => [f, f]).map((f) => t().operator({ cmd: 'funding', decision: 'approve', reference: f.reference }));
      const activations = kits.map((k) => t().api('POST', `/api/v1/starlink_activates/${k.id}/activate_kit`, { token }));
      const [approved, activated] = await Promise.all([Promise.all(approvals), Promise.all(activations)]);
      expect(approved.every((r) => r.status === 200)).toBe(true);
      expect(approved.filter((r) => r.body.result.outcome === 'approved')).toHaveLength(20);
      const total = created.reduce((s, f) => s + f.amount, 0); // 100190: enough for one activation
      const charged = activated.filter((r) => r.status === 200).length;
      expect(charged).toBeLessThanOrEqual(1);
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(total - 57000 * charged);
      await assertMoneyInvariants(t());
    });
  },
  // The renewal scenarios move the clock by weeks; sessions must outlive that.
  { config: { sessionTtlHours: 24 * 365 } },
);
