// Issue 49: money records that add up in any order, a charge held to the confirmed quote, messages never lost, costly
// reads limited. The races run on two instances of one database (PostgreSQL in CI).
import type { Outbox, OutboxInput } from '../src/outbox';
import { MAX_STATEMENT_LINES } from '../src/services/statement';
import { PDFS_PER_WINDOW } from '../src/routes/rate-limits';
import { createFunding, createKit, describeEachDb, fundWallet, lastMessage, later, signupUser, startPeer, usePeer, type Peer, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

const PRICE = 57000;
const MINUTE = 60_000;

/** What `to` was sent, but for the welcome every new customer gets. */
const sentTo = (t: TestServer, to: string) => t.server.outbox.sent.filter((m) => m.to === to && m.subject !== 'Welcome to the Starlink portal');

interface Line {
  amount: number;
  balance_after: number;
  created_at: string;
}

/** Every ledger line of the customer, oldest first, as the statement lists them. */
async function statement(t: TestServer, token: string): Promise<Line[]> {
  const res = await t.api('GET', '/api/v1/starlink_wallet_transactions?per_page=50', { token });
  expect(res.status).toBe(200);
  return (res.body.transactions as Line[]).reverse();
}

/** A month (YYYY-MM) as Lagos sees the instant. */
const lagosMonth = (iso: string) => new Date(new Date(iso).getTime() + 3600_000).toISOString().slice(0, 7);

/** An outbox that refuses the first `failures` emails, then delivers like the file outbox it wraps. */
function flakyEmail(inner: Outbox, failures: number): Outbox & { refused: OutboxInput[] } {
  const refused: OutboxInput[] = [];
  return {
    sent: inner.sent,
    refused,
    async send(msg) {
      if (msg.channel === 'email' && refused.length < failures) {
        refused.push(msg);
        throw new Error('451 relay unavailable');
      }
      return inner.send(msg);
    },
  };
}

describeEachDb('money records (issue 49, two instances on one database)', (t, variant) => {
  const peer = usePeer(t, variant);
  const operatorVia = (n: number, command: Record<string, unknown>) =>
    n % 2 ? peer().api('POST', '/operator/command', { body: command, headers: { 'x-operator-token': peer().operatorToken } }) : t().operator(command);

  it('lists statement lines and the PDF in ledger order: each balance follows from the one before, the newest is the wallet', async () => {
    for (let round = 0; round < 3; round++) {
      const { token } = await signupUser(t());
      const fundings = [];
      for (let i = 0; i < 8; i++) fundings.push(await createFunding(t(), token, 40000 + i * 1000));
      const kits = [];
      for (let i = 0; i < 6; i++) kits.push(await createKit(t(), token));
      // Approvals and activations racing on both instances.
      await Promise.all([
        ...fundings.map((f, n) => operatorVia(n, { cmd: 'funding', decision: 'approve', reference: f.reference })),
        ...kits.map((k, n) => (n % 2 ? peer().api : t().api)('POST', `/api/v1/starlink_activates/${k.id}/activate_kit`, { token })),
      ]);
      const lines = await statement(t(), token);
      expect(lines.length).toBeGreaterThanOrEqual(8);
      let balance = 0;
      for (const line of lines) {
        expect(line.balance_after).toBe(balance + line.amount);
        balance = line.balance_after;
      }
      const wallet = await t().api('GET', '/api/v1/starlink_user_wallet', { token });
      expect(wallet.body.balance).toBe(balance);
      // The dates never run backwards in ledger order.
      const dates = lines.map((l) => Date.parse(l.created_at));
      expect(dates).toEqual([...dates].sort((a, b) => a - b));

      // The PDF of the newest month: the same balances, in the same order, opening to closing.
      const month = lagosMonth(lines.at(-1)!.created_at);
      const inMonth = lines.filter((l) => lagosMonth(l.created_at) === month);
      const pdf = await t().api('GET', `/api/v1/starlink_wallet_transactions/statement_pdf?month=${month}`, { token });
      expect(pdf.status).toBe(200);
      const amounts = pdfText(pdf.bytes!)
        .filter((run) => /^NGN [\d,]+(\.\d\d)?$/.test(run))
        .map((run) => Number(run.slice(4).replace(/,/g, '')));
      const opening = inMonth[0]!.balance_after - inMonth[0]!.amount;
      expect(amounts).toEqual([opening, ...inMonth.flatMap((l) => [Math.abs(l.amount), l.balance_after]), balance]);
    }
  });

  it('holds a charge to the amount confirmed: a changed price is 409 with the new quote and charges nothing', async () => {
    const { token } = await signupUser(t());
    await fundWallet(t(), token, 200000);
    const kit = await createKit(t(), token);
    const quote = await t().api('GET', `/api/v1/starlink_kits/${kit.id}/charge_quote`, { token });
    expect(quote.body.amount).toBe(PRICE);
    expect((await t().operator({ cmd: 'price-set', amount: 70000, force: true })).status).toBe(200);
    try {
      const refused = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token, body: { expected_amount: PRICE } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: 'The price is now NGN 70,000, not NGN 57,000. Check the new price and confirm again.',
        error: 'Price changed',
        quote: { kit_id: kit.id, action: 'activate', amount: 70000, balance: 200000, balance_after: 130000, amount_due: 0 },
      });
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance).toBe(200000);
      const confirmed = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token, body: { expected_amount: 70000 } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.renewal.amount).toBe(70000);
      // Without the field, the spec's charge: the current price.
      const other = await createKit(t(), token);
      const spec = await t().api('POST', `/api/v1/starlink_activates/${other.id}/activate_kit`, { token });
      expect(spec.status).toBe(200);
      expect(spec.body.renewal.amount).toBe(70000);
      const bad = await t().api('POST', `/api/v1/starlink_activates/${other.id}/activate_kit`, { token, body: { expected_amount: 'lots' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('The expected amount must be a whole number of naira.');
    } finally {
      await t().operator({ cmd: 'price-set', amount: PRICE, force: true });
    }
  });

  it('limits PDF downloads per customer, and refuses a statement too long for one document', async () => {
    const { token } = await signupUser(t());
    await fundWallet(t(), token, 1000);
    const month = lagosMonth(new Date(t().server.ctx.clock()).toISOString());
    const url = `/api/v1/starlink_wallet_transactions/statement_pdf?month=${month}`;
    for (let i = 0; i < PDFS_PER_WINDOW; i++) expect((await t().api('GET', url, { token })).status).toBe(200);
    const limited = await t().api('GET', url, { token });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests/);
    // Another customer on the same address is not held back.
    const other = await signupUser(t());
    await fundWallet(t(), other.token, 1000);
    expect((await t().api('GET', url, { token: other.token })).status).toBe(200);

    // A month with more lines than one statement holds: refused in words, nothing rendered.
    const [wallet] = await t().server.db.query<{ id: number; ledger_seq: string }>(
      'SELECT w.id, w.ledger_seq FROM wallets w JOIN users u ON u.id = w.user_id WHERE u.id = $1',
      [other.user.id],
    );
    await t().server.db.query(
      `INSERT INTO wallet_transactions (wallet_id, amount, kind, balance_after, seq, created_at)
       SELECT $1, 0, 'adjustment', 1000, $2::bigint + n, $3 FROM generate_series(1, $4::int) AS n`,
      [wallet!.id, wallet!.ledger_seq, t().server.ctx.clock(), MAX_STATEMENT_LINES],
    );
    const long = await t().api('GET', url, { token: other.token });
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ error: 'Statement too long' });
    expect(long.body.message).toMatch(/more than 1,000 credits and debits/);
  });
});

describeEachDb('messages are never lost (issue 49)', (t, variant) => {
  /** Runs fn against a peer whose email relay refuses the first `failures` emails, then cleans the peer up. */
  async function withFlakyPeer(failures: number, fn: (peer: Peer, flaky: ReturnType<typeof flakyEmail>) => Promise<void>) {
    const flaky = flakyEmail(t().server.outbox, failures);
    const peer = await startPeer(t(), variant, { outbox: flaky });
    try {
      await fn(peer, flaky);
    } finally {
      await peer.cleanup();
    }
  }

  it('sends the WhatsApp of a money message whose email failed, retries the email with backoff, once across instances', async () => {
    await withFlakyPeer(1, async (peer, flaky) => {
      const whatsapp = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const { token, email } = await signupUser(t(), { whatsapp_number: whatsapp });
      const funding = await createFunding(t(), token, 120000);
      const approved = await peer.api('POST', '/operator/command', {
        body: { cmd: 'funding', decision: 'approve', reference: funding.reference },
        headers: { 'x-operator-token': peer.operatorToken },
      });
      expect(approved.status).toBe(200);
      await peer.queue.idle();
      expect(flaky.refused.map((m) => m.to)).toEqual([email]);
      expect(sentTo(t(), whatsapp).map((m) => m.subject)).toEqual(['Wallet funded']);
      expect(sentTo(t(), email)).toEqual([]);

      // Not retried before its backoff; then sent by whichever sweep comes first, once.
      await Promise.all([t().server.sweep(), peer.sweep()]);
      expect(sentTo(t(), email)).toEqual([]);
      await later(t(), MINUTE + 1000, () => Promise.all([t().server.sweep(), peer.sweep(), t().server.sweep(), peer.sweep()]));
      expect(sentTo(t(), email).map((m) => m.subject)).toEqual(['Wallet funded']);
      expect(sentTo(t(), whatsapp)).toHaveLength(1);
      const [row] = await t().server.db.query<{ attempts: number; sent_at: Date | null }>(
        "SELECT attempts, sent_at FROM messages WHERE recipient = $1 AND channel = 'email' AND subject = 'Wallet funded'",
        [email],
      );
      expect(row).toEqual({ attempts: 2, sent_at: expect.any(Date) });
    });
  });

  it('a reset link the relay refused spends none of the hourly allowance', async () => {
    await withFlakyPeer(5, async (peer, flaky) => {
      const { email } = await signupUser(t());
      for (let i = 0; i < 5; i++) {
        expect((await peer.api('POST', '/api/v1/password_resets', { body: { email } })).status).toBe(200);
        await peer.queue.idle();
      }
      expect(flaky.refused).toHaveLength(5);
      await peer.api('POST', '/api/v1/password_resets', { body: { email } });
      await peer.queue.idle();
      const sent = lastMessage(t(), email, 'email');
      expect(sent?.subject).toBe('Reset your password');
    });
  });

  it('answers 503 with a readable message when a code cannot be sent, and spends none of the allowance', async () => {
    await withFlakyPeer(10, async (peer) => {
      const { token, email } = await signupUser(t());
      for (let i = 0; i < 10; i++) {
        const res = await peer.api('POST', '/api/v1/email_confirmations', { token });
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: 'We could not send the code to your email just now. Please try again in a few minutes.', error: 'Code not sent' });
      }
      const res = await peer.api('POST', '/api/v1/email_confirmations', { token });
      expect(res.status).toBe(200);
      expect(lastMessage(t(), email, 'email')?.subject).toBe('Your email verification code');
    });
  });
});
