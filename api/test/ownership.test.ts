import { ledgerMismatches } from '../src/services/wallet';
import { createFunding, createKit, describeEachDb, fundWallet, signupUser } from './helpers';

describeEachDb('ownership', (t) => {
  it("answers 404 to customer B on every one of customer A's resources and changes nothing", async () => {
    const a = await signupUser(t());
    const b = await signupUser(t());
    const kit = await createKit(t(), a.token);
    await fundWallet(t(), a.token, 200000);
    const activation = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token: a.token });
    expect(activation.status).toBe(200);
    const renewalId = activation.body.renewal.id;
    const walletA = (await t().api('GET', '/api/v1/starlink_user_wallet', { token: a.token })).body;
    const fundingA = await createFunding(t(), a.token, 1234, { walletId: walletA.id });
    await fundWallet(t(), b.token, 200000);

    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/starlink_kits/${kit.id}`],
      ['PUT', '/api/v1/starlink_kits/set_auto_renew', { id: kit.id, auto_renew: true }],
      ['PUT', `/api/v1/starlink_kits/kit_address_change_request?id=${kit.id}`, { starlink_kit_address: { address: 'Hijacked Street 1' } }],
      ['POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`],
      ['GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`],
      ['GET', `/api/v1/starlink_kit_renewals/${renewalId}/download_pdf`],
      ['PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=${fundingA.id}`, { starlink_wallet_funding: { paid: 'yes' } }],
      [
        'POST',
        '/api/v1/starlink_wallet_fundings',
        { starlink_wallet_funding: { starlink_user_wallet_id: walletA.id, amount: 1000, payment_method: 'offline' } },
      ],
      [
        'POST',
        '/api/v1/starlink_wallet_fundings',
        { starlink_wallet_funding: { starlink_user_wallet_id: walletA.wallet_id, amount: 1000, payment_method: 'offline' } },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t().api(method, path, { token: b.token, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      expect(res.body.message).toEqual(expect.any(String));
    }

    // B's own lists do not include A's data.
    expect((await t().api('GET', '/api/v1/starlink_kits', { token: b.token })).body.total_count).toBe(0);
    expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token: b.token })).body.map((f: { id: number }) => f.id)).not.toContain(fundingA.id);
    // And A's resources are untouched.
    const kitA = (await t().api('GET', `/api/v1/starlink_kits/${kit.id}`, { token: a.token })).body.kit;
    expect(kitA).toMatchObject({ auto_renew: false, address: '1 Marina Road, Lagos', status: 'active' });
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: a.token })).body.balance).toBe(200000 - 57000);
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: b.token })).body.balance).toBe(200000);
    expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token: a.token })).body.find((f: { id: number }) => f.id === fundingA.id).status).toBe('pending');
    expect((await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`, { token: a.token })).body).toHaveLength(1);
  });

  it("refuses customer B on A's pending kit and confirmed funding too (where success would have moved money), ids as strings or numbers", async () => {
    const a = await signupUser(t());
    const b = await signupUser(t());
    const kit = await createKit(t(), a.token);
    const walletA = (await t().api('GET', '/api/v1/starlink_user_wallet', { token: a.token })).body;
    const funding = await createFunding(t(), a.token, 5000, { walletId: walletA.id });
    await t().api('PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=${funding.id}`, { token: a.token, body: { starlink_wallet_funding: { paid: 'yes' } } });
    // B has money: a wrongly allowed activation of A's pending kit would charge B and activate A's kit.
    await fundWallet(t(), b.token, 200000);
    const before = {
      kit: (await t().api('GET', `/api/v1/starlink_kits/${kit.id}`, { token: a.token })).body.kit,
      fundings: (await t().api('GET', '/api/v1/starlink_wallet_fundings', { token: a.token })).body,
    };
    const attempts: [string, string, unknown?][] = [
      ['POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`],
      ['PUT', '/api/v1/starlink_kits/set_auto_renew', { id: String(kit.id), auto_renew: true }],
      ['PUT', `/api/v1/starlink_kits/kit_address_change_request?id=${kit.id}`, { starlink_kit_address: { address: 'Hijacked Street 2' } }],
      ['GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`],
      ['PUT', `/api/v1/starlink_wallet_fundings/confirm_request?id=${funding.id}`, { starlink_wallet_funding: { paid: 'yes' } }],
      ['POST', '/api/v1/starlink_wallet_fundings', { starlink_wallet_funding: { starlink_user_wallet_id: String(walletA.id), amount: 1000, payment_method: 'offline' } }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t().api(method, path, { token: b.token, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await t().api('GET', `/api/v1/starlink_kits/${kit.id}`, { token: a.token })).body.kit).toEqual(before.kit);
    expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token: a.token })).body).toEqual(before.fundings);
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: b.token })).body.balance).toBe(200000);
    expect((await t().api('GET', '/api/v1/starlink_wallet_fundings', { token: b.token })).body).toHaveLength(1);
    expect(await ledgerMismatches(t().server.db)).toEqual([]);
  });
});
