import { ledgerMismatches } from '../src/services/wallet';
import { describeEachDb, signupUser } from './helpers';

describeEachDb('wallet and fundings', (t) => {
  const fund = (token: string, walletId: unknown, amount: unknown, headers: Record<string, string> = {}) =>
    t().api('POST', '/api/v1/starlink_wallet_fundings', {
      token,
      headers,
      body: { starlink_wallet_funding: { starlink_user_wallet_id: walletId, amount, payment_method: 'offline' } },
    });

  it('creates a pending funding, confirms it, and credits only on operator approval', async () => {
    const { token } = await signupUser(t());
    const wallet = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body;
    const created = await fund(token, wallet.id, '120000');
    expect(created.status).toBe(201);
    expect(created.body.funding).toEqual({
      id: expect.any(Number),
      reference: expect.stringMatching(/^FND-[A-Z0-9]{10}$/),
      payment_method: 'offline',
      amount: 120000,
      status: 'pending',
      created_at: expect.any(String),
    });
    const id = created.body.funding.id;
    const confirm = await t().api('PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=${id}`, { token, body: { starlink_wallet_funding: { paid: 'yes' } } });
    expect(confirm.status).toBe(200);
    expect(confirm.body.funding.status).toBe('need_approval');
    const again = await t().api('PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=${id}`, { token, body: { starlink_wallet_funding: { paid: 'yes' } } });
    expect(again.body.funding.status).toBe('need_approval');
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(0);

    const approve = await t().operator({ cmd: 'funding', decision: 'approve', reference: created.body.funding.reference });
    expect(approve.status).toBe(200);
    // A repeated approval is a no-op, not a second credit.
    await t().operator({ cmd: 'funding', decision: 'approve', reference: created.body.funding.reference });
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(120000);
    const declineAfter = await t().operator({ cmd: 'funding', decision: 'decline', reference: created.body.funding.reference });
    expect(declineAfter.status).toBe(422);
    const confirmAfter = await t().api('PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=${id}`, { token, body: { starlink_wallet_funding: { paid: 'yes' } } });
    expect(confirmAfter.status).toBe(422);

    const list = await t().api('GET', '/api/v1/starlink_wallet_fundings', { token });
    expect(list.body).toEqual([expect.objectContaining({ id, status: 'approved', amount: 120000 })]);
    expect(await ledgerMismatches(t().server.db)).toEqual([]);
  });

  it('declines a funding without touching the balance', async () => {
    const { token } = await signupUser(t());
    const wallet = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body;
    const f = (await fund(token, wallet.id, 5000)).body.funding;
    expect((await t().operator({ cmd: 'funding', decision: 'decline', reference: f.reference })).status).toBe(200);
    expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token })).body[0].status).toBe('unapproved');
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(0);
    expect((await t().operator({ cmd: 'funding', decision: 'approve', reference: 'FND-NOPE' })).status).toBe(422);
  });

  it('does not create two fundings on a double click or a repeated Idempotency-Key', async () => {
    const { token } = await signupUser(t());
    const wallet = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body;
    const [a, b] = await Promise.all([fund(token, wallet.id, 77000), fund(token, wallet.id, 77000)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.funding.id).toBe(b.body.funding.id);
    const k1 = await fund(token, wallet.id, 88000, { 'idempotency-key': 'click-1' });
    const k2 = await fund(token, wallet.id, 88000, { 'idempotency-key': 'click-1' });
    expect(k1.status).toBe(201);
    expect(k2.body.funding.id).toBe(k1.body.funding.id);
    const reused = await fund(token, wallet.id, 99000, { 'idempotency-key': 'click-1' });
    expect(reused.status).toBe(422);
    const other = await fund(token, wallet.id, 88000, { 'idempotency-key': 'click-2' });
    expect(other.body.funding.id).not.toBe(k1.body.funding.id);
    expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token })).body).toHaveLength(3);
    // Outside the 10 s window the same amount is a new funding.
    t().advance(11_000);
    try {
      const later = await fund(token, wallet.id, 77000);
      expect(later.status).toBe(201);
      expect(later.body.funding.id).not.toBe(a.body.funding.id);
    } finally {
      t().advance(-11_000);
    }
  });

  it('validates funding requests', async () => {
    const { token } = await signupUser(t());
    const wallet = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body;
    for (const amount of [0, -5, 'abc', 10.5, null]) {
      const res = await fund(token, wallet.id, amount);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^(Enter an amount in whole naira|The amount must be at least NGN 1)\.$/);
    }
    const method = await t().api('POST', '/api/v1/starlink_wallet_fundings', {
      token,
      body: { starlink_wallet_funding: { starlink_user_wallet_id: wallet.id, amount: 1000, payment_method: 'card' } },
    });
    expect(method.status).toBe(400);
    expect((await fund(token, 99999999, 1000)).status).toBe(404);
    const bad = await t().api('PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=1`, { token, body: { starlink_wallet_funding: { paid: 'no' } } });
    expect(bad.status).toBe(400);
    expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token })).body).toEqual([]);
  });
});
