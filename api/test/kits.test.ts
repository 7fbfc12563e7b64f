import { createKit, describeEachDb, fundWallet, signupUser, uniqueKit } from './helpers';

const DAY = 24 * 3600_000;

describeEachDb('kits, activation and renewals', (t) => {
  it('checks kit numbers across all customers', async () => {
    const a = await signupUser(t());
    const b = await signupUser(t());
    const kitNumber = uniqueKit();
    expect((await t().api('GET', `/api/v1/starlink_kits/check_kit_number?kit_number=${kitNumber}`, { token: b.token })).body).toEqual({ exists: false });
    await createKit(t(), a.token, kitNumber);
    expect((await t().api('GET', `/api/v1/starlink_kits/check_kit_number?kit_number=${kitNumber.toLowerCase()}`, { token: b.token })).body).toEqual({ exists: true });
    expect((await t().api('GET', '/api/v1/starlink_kits/check_kit_number', { token: b.token })).status).toBe(400);
  });

  it('creates a pending kit and refuses duplicates and bad input', async () => {
    const { token } = await signupUser(t());
    const kitNumber = uniqueKit();
    const res = await t().api('POST', '/api/v1/starlink_kits', {
      token,
      body: { kit_number: kitNumber, address: '12 Allen Avenue, Ikeja', nin: '12345678901', company_name: 'Acme Ltd', company_number: 'RC1234' },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.kit).toEqual({
      id: expect.any(Number),
      kit_number: kitNumber,
      service_line_number: expect.any(String),
      status: 'pending',
      auto_renew: false,
      company_name: 'Acme Ltd',
      company_number: 'RC1234',
      address: '12 Allen Avenue, Ikeja',
      nin: '12345678901',
      created_at: expect.any(String),
      plan_price: 57000,
      deadline: null,
      renewal_price: 57000,
    });
    const dup = await t().api('POST', '/api/v1/starlink_kits', { token, body: { kit_number: kitNumber, address: '12 Allen Avenue', nin: '12345678901' } });
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe('This kit number is already registered.');
    const noNin = await t().api('POST', '/api/v1/starlink_kits', { token, body: { kit_number: uniqueKit(), address: '12 Allen Avenue' } });
    expect(noNin.status).toBe(400);
    expect(noNin.body.message).toBe('NIN is required.');
  });

  it('paginates newest first with total_pages and total_count, capping per_page', async () => {
    const { token } = await signupUser(t());
    const numbers: string[] = [];
    for (let i = 0; i < 12; i++) numbers.push((await createKit(t(), token)).kit_number);
    const p1 = await t().api('GET', '/api/v1/starlink_kits?page=1&per_page=10', { token });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ total_pages: 2, total_count: 12, page: 1, per_page: 10 });
    expect(p1.body.kits).toHaveLength(10);
    expect(p1.body.kits[0].kit_number).toBe(numbers[11]);
    const p2 = await t().api('GET', '/api/v1/starlink_kits?page=2&per_page=10', { token });
    expect(p2.body.kits.map((k: { kit_number: string }) => k.kit_number)).toEqual([numbers[1], numbers[0]]);
    const big = await t().api('GET', '/api/v1/starlink_kits?page=1&per_page=500', { token });
    expect(big.body.per_page).toBe(50);
    expect(big.body.kits).toHaveLength(12);
    const beyond = await t().api('GET', '/api/v1/starlink_kits?page=9', { token });
    expect(beyond.body.kits).toEqual([]);
    expect((await t().api('GET', '/api/v1/starlink_kits?page=0', { token })).status).toBe(400);
    expect((await t().api('GET', '/api/v1/starlink_kits?page=abc', { token })).status).toBe(400);
  });

  it('shows a kit, toggles auto-renew and changes the address', async () => {
    const { token } = await signupUser(t());
    const kit = await createKit(t(), token);
    expect((await t().api('GET', `/api/v1/starlink_kits/${kit.id}`, { token })).body.kit.id).toBe(kit.id);
    expect((await t().api('GET', '/api/v1/starlink_kits/999999', { token })).status).toBe(404);
    const on = await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token, body: { id: kit.id, auto_renew: true } });
    expect(on.status).toBe(200);
    expect(on.body.kit.auto_renew).toBe(true);
    expect(on.body.message).toMatch(/enabled/);
    const off = await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token, body: { id: kit.id, auto_renew: false } });
    expect(off.body.kit.auto_renew).toBe(false);
    const addr = await t().api('PUT', `/api/v1/starlink_kits/kit_address_change_request?id=${kit.id}`, {
      token,
      body: { starlink_kit_address: { address: '7 Broad Street, Lagos Island' } },
    });
    expect(addr.status).toBe(200);
    expect(addr.body.kit.address).toBe('7 Broad Street, Lagos Island');
    expect((await t().api('GET', `/api/v1/starlink_kits/${kit.id}`, { token })).body.kit.address).toBe('7 Broad Street, Lagos Island');
  });

  it('refuses activation without funds, with amount_due, and charges nothing', async () => {
    const { token } = await signupUser(t());
    const kit = await createKit(t(), token);
    await fundWallet(t(), token, 20000);
    const res = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expect.any(String), error: 'Insufficient wallet balance', amount_due: 37000 });
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(20000);
    expect((await t().api('GET', `/api/v1/starlink_kits/${kit.id}`, { token })).body.kit.status).toBe('pending');
    expect(await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`, { token })).toMatchObject({ status: 200, body: [] });
  });

  it('activates from the wallet, records a receipt, and serves its PDF', async () => {
    const { token } = await signupUser(t());
    const kit = await createKit(t(), token);
    await fundWallet(t(), token, 60000);
    const res = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Activation successful');
    expect(res.body.kit.status).toBe('active');
    expect(res.body.renewal).toMatchObject({ amount: 57000, status: 'receipt', kit_id: kit.id });
    const start = Date.parse(res.body.renewal.start_date);
    expect(Date.parse(res.body.renewal.end_date) - start).toBe(30 * DAY);
    expect(res.body.renewal.deadline).toBe(res.body.renewal.end_date);
    expect(res.body.kit.deadline).toBe(res.body.renewal.deadline);
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(3000);

    const list = await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`, { token });
    expect(list.body).toEqual([
      { id: res.body.renewal.id, kit_id: kit.id, amount: 57000, status: 'receipt', deadline: expect.any(String), created_at: expect.any(String), start_date: expect.any(String), end_date: expect.any(String) },
    ]);
    const pdf = await t().api('GET', `/api/v1/starlink_kit_renewals/${res.body.renewal.id}/download_pdf`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="renewal-${res.body.renewal.id}.pdf"`);
    expect(pdf.bytes!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes!.subarray(-6).toString()).toContain('%%EOF');
    expect((await t().api('GET', '/api/v1/starlink_kit_renewals/999999/download_pdf', { token })).status).toBe(404);

    // Paid up for 30 days: an immediate second charge is refused, not taken.
    const again = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token });
    expect(again.status).toBe(422);
    expect(again.body.error).toBe('Renewal not due yet');
  });

  it('refuses to activate kits under review or declined, whatever the balance', async () => {
    const { token } = await signupUser(t());
    await fundWallet(t(), token, 200000);
    for (const status of ['need_approval', 'unapproved']) {
      const kit = await createKit(t(), token);
      expect((await t().operator({ cmd: 'kit', kitNumber: kit.kit_number, status })).status).toBe(200);
      const res = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.body).not.toHaveProperty('amount_due');
    }
    expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(200000);
  });

  it('moves kits to expiring then expired, renews from the deadline, and auto-renews or invoices', async () => {
    const account = await signupUser(t());
    let token = account.token;
    // Sessions last 7 days, so log in again after each jump of the clock.
    const relogin = async () => {
      token = (await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: account.email, password: account.password } } })).body.token;
    };
    const manual = await createKit(t(), token);
    const auto = await createKit(t(), token);
    await fundWallet(t(), token, 57000 * 4);
    const first = await t().api('POST', `/api/v1/starlink_activates/${manual.id}/activate_kit`, { token });
    expect(first.status).toBe(200);
    expect((await t().api('POST', `/api/v1/starlink_activates/${auto.id}/activate_kit`, { token })).status).toBe(200);
    await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token, body: { id: auto.id, auto_renew: true } });
    const status = async (id: number) => (await t().api('GET', `/api/v1/starlink_kits/${id}`, { token })).body.kit.status;

    let moved = 0;
    try {
      t().advance(25 * DAY);
      moved += 25 * DAY;
      await relogin();
      await t().server.sweep();
      expect(await status(manual.id)).toBe('expiring');
      expect(await status(auto.id)).toBe('expiring');

      // Renewing while expiring extends from the old deadline, not from today.
      const renew = await t().api('POST', `/api/v1/starlink_activates/${manual.id}/activate_kit`, { token });
      expect(renew.status).toBe(200);
      expect(renew.body.message).toBe('Renewal successful');
      expect(renew.body.renewal.start_date).toBe(first.body.renewal.end_date);
      expect(renew.body.kit.status).toBe('active');

      // Auto-renew charges within a day of the deadline.
      t().advance(4 * DAY + 1000);
      moved += 4 * DAY + 1000;
      await relogin();
      await t().server.sweep();
      expect(await status(auto.id)).toBe('active');
      const autoRenewals = (await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${auto.id}`, { token })).body;
      expect(autoRenewals.map((r: { status: string }) => r.status)).toEqual(['receipt', 'receipt']);
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(0);

      // Next cycle: no money, so the auto-renew kit gets an invoice and then expires.
      t().advance(31 * DAY);
      moved += 31 * DAY;
      await relogin();
      await t().server.sweep();
      await t().server.sweep();
      expect(await status(auto.id)).toBe('expired');
      expect(await status(manual.id)).toBe('expired');
      const after = (await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${auto.id}`, { token })).body;
      expect(after.filter((r: { status: string }) => r.status === 'invoice')).toHaveLength(1);

      // Funding later and activating pays that invoice rather than adding a second record.
      await fundWallet(t(), token, 57000);
      const pay = await t().api('POST', `/api/v1/starlink_activates/${auto.id}/activate_kit`, { token });
      expect(pay.status).toBe(200);
      const settled = (await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${auto.id}`, { token })).body;
      expect(settled).toHaveLength(3);
      expect(settled.every((r: { status: string }) => r.status === 'receipt')).toBe(true);
    } finally {
      t().advance(-moved);
    }
  });

  it('charges the operator-set price', async () => {
    const { token } = await signupUser(t());
    const kit = await createKit(t(), token);
    expect((await t().operator({ cmd: 'price-set', amount: 40000, force: true })).body.result).toMatchObject({ plan_price: 40000, forced: true });
    try {
      await fundWallet(t(), token, 45000);
      const res = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token });
      expect(res.body.renewal.amount).toBe(40000);
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(5000);
    } finally {
      await t().operator({ cmd: 'price-set', amount: 57000, force: true });
    }
  });
});
