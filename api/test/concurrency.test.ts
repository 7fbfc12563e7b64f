import { ledgerMismatches } from '../src/services/wallet';
import { createKit, describeEachDb, fundWallet, signupUser } from './helpers';

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
