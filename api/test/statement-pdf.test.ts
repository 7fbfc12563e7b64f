import { createKit, describeEachDb, fundWallet, signupUser } from './helpers';
import { pdfText } from './pdf-text';

const DAY = 86_400_000;
const PDF = '/api/v1/starlink_wallet_transactions/statement_pdf';

describeEachDb(
  'monthly wallet statement PDF',
  (t) => {
    let token = '';
    beforeAll(async () => {
      // 10th Nov 2026: a funding and an activation; 1st Dec: a second funding.
      ({ token } = await signupUser(t(), { name: 'Ada Statement' }));
      await fundWallet(t(), token, 120000);
      const kit = await createKit(t(), token, `KITSTM${Date.now().toString(36).toUpperCase()}`);
      expect((await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })).status).toBe(200);
      t().advance(21 * DAY);
      await fundWallet(t(), token, 10000);
      t().advance(-21 * DAY);
    });

    it('lists every credit and debit of the month with the balance after each, opening and closing balances', async () => {
      const res = await t().api('GET', `${PDF}?month=2026-11`, { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="statement-2026-11.pdf"');
      const text = pdfText(res.bytes!);
      expect(text.slice(0, 2)).toEqual(['Wallet statement', 'November 2026']);
      expect(text).toContain('Ada Statement');
      // A long description wraps onto a second line of the narrow column: read the table as one line of text.
      const table = text.slice(text.indexOf('Balance after') + 1).join(' ').replace(/\s+/g, ' ');
      expect(table).toMatch(
        new RegExp(
          '^1st Nov 2026 Opening balance NGN 0 ' +
            '10th Nov 2026 Wallet funded \\(FND-[A-Z0-9]+\\) NGN 120,000 NGN 120,000 ' +
            '10th Nov 2026 Kit KITSTM[A-Z0-9]+ activated NGN 57,000 NGN 63,000 ' +
            '10th Nov 2026 Closing balance NGN 63,000 ',
        ),
      );
    });

    it('opens a month with the balance the previous one closed with', async () => {
      const text = pdfText((await t().api('GET', `${PDF}?month=2026-12`, { token })).bytes!);
      const rows = text.slice(text.indexOf('Balance after') + 1);
      expect(rows.slice(0, 3)).toEqual(['1st Dec 2026', 'Opening balance', 'NGN 63,000']);
      const closing = rows.indexOf('Closing balance');
      expect(rows.slice(closing - 1, closing + 2)).toEqual(['1st Dec 2026', 'Closing balance', 'NGN 73,000']);
    });

    it('says so, in a sentence, for a month without account history; a malformed month is a 400', async () => {
      const none = await t().api('GET', `${PDF}?month=2026-10`, { token });
      expect(none.status).toBe(422);
      expect(none.body).toMatchObject({
        message: 'Your wallet has no credits or debits in October 2026, so there is no statement for that month.',
        error: 'No account history',
      });
      const bad = await t().api('GET', `${PDF}?month=2026-13`, { token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Choose a month as YYYY-MM.');
      expect((await t().api('GET', `${PDF}?month=2026-11`)).status).toBe(401);
      // A customer's first month has a statement from sign-up, lines or not; the month before has none.
      const other = await signupUser(t());
      const first = await t().api('GET', `${PDF}?month=2026-11`, { token: other.token });
      expect(first.status).toBe(200);
      expect(pdfText(first.bytes!)).toContain('No credits or debits this month.');
      expect((await t().api('GET', `${PDF}?month=2026-10`, { token: other.token })).status).toBe(422);
    });
  },
  // The second funding is 21 days later: a session lasting longer than the default week spans both.
  { now: new Date('2026-11-10T12:00:00Z'), config: { sessionTtlHours: 24 * 60 } },
);
