import { ConfigError, DEMO_SELLER, loadConfig, sellerPlaceholders } from '../src/config';
import { formatDate, formatAmount } from '../src/lib/format';
import { createKit, describeEachDb, fundWallet, signupUser } from './helpers';
import { pdfText } from './pdf-text';

const DAY = 86_400_000;
const SELLER = {
  name: 'Skyline Kits Nigeria Ltd',
  address: '12 Adeola Odeku St, Lagos',
  rcNumber: 'RC 1234567',
  tin: '12345678-0001',
  contact: 'billing@skyline.example.ng',
};

describe('document formats', () => {
  it('writes dates as the portal does, on the Lagos calendar day', () => {
    expect(formatDate(new Date('2026-11-23T12:00:00Z'))).toBe('23rd Nov 2026');
    expect(formatDate(new Date('2026-01-01T10:00:00Z'))).toBe('1st Jan 2026');
    expect(formatDate(new Date('2026-03-02T10:00:00Z'))).toBe('2nd Mar 2026');
    expect(formatDate(new Date('2026-06-11T10:00:00Z'))).toBe('11th Jun 2026');
    expect(formatDate(new Date('2026-06-12T10:00:00Z'))).toBe('12th Jun 2026');
    expect(formatDate(new Date('2026-06-13T10:00:00Z'))).toBe('13th Jun 2026');
    expect(formatDate(new Date('2026-08-21T10:00:00Z'))).toBe('21st Aug 2026');
    expect(formatDate(new Date('2026-08-22T10:00:00Z'))).toBe('22nd Aug 2026');
    expect(formatDate(new Date('2026-12-31T23:30:00Z'))).toBe('1st Jan 2027'); // 00:30 in Lagos
  });

  it('writes amounts as the portal does: NGN, thousands grouped, kobo only when there are some', () => {
    expect(formatAmount(57000)).toBe('NGN 57,000');
    expect(formatAmount(1234567.5)).toBe('NGN 1,234,567.50');
    expect(formatAmount(0)).toBe('NGN 0');
    expect(formatAmount(-1500)).toBe('NGN -1,500');
  });
});

describe('seller configuration', () => {
  it('reads SELLER_* and names each variable still on its demo value', () => {
    const demo = loadConfig({});
    expect(demo.seller).toEqual(DEMO_SELLER);
    expect(sellerPlaceholders(demo)).toEqual(['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_RC_NUMBER', 'SELLER_TIN', 'SELLER_CONTACT']);
    const set = loadConfig({ SELLER_NAME: SELLER.name, SELLER_RC_NUMBER: 'RC 1234567', SELLER_TIN: '12345678-0001' });
    expect(set.seller).toMatchObject({ name: SELLER.name, rcNumber: 'RC 1234567', tin: '12345678-0001' });
    expect(sellerPlaceholders(set)).toEqual(['SELLER_ADDRESS', 'SELLER_CONTACT']);
  });

  it.each([
    ['SELLER_RC_NUMBER', 'twelve'],
    ['SELLER_TIN', '12-34'],
    ['SELLER_NAME', 'x'.repeat(121)],
    ['SELLER_ADDRESS', 'Lagos \u20a6'],
  ])('refuses %s=%s at start', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});

describeEachDb(
  'renewal PDF',
  (t) => {
    it('a receipt names the seller, the customer, the kit, the period and the amount paid', async () => {
      const { token, email } = await signupUser(t(), { name: 'Chiamaka Eze' });
      const kit = await createKit(t(), token);
      await fundWallet(t(), token, 60000);
      const { renewal } = (await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })).body;
      const pdf = await t().api('GET', `/api/v1/starlink_kit_renewals/${renewal.id}/download_pdf`, { token });
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.bytes!);
      expect(text[0]).toBe('Receipt');
      expect(text).toEqual(
        expect.arrayContaining([
          `Receipt number REC-${String(renewal.id).padStart(6, '0')}`,
          `Issued ${formatDate(new Date(renewal.created_at))}`,
          SELLER.name,
          SELLER.address,
          'RC number: RC 1234567',
          'TIN: 12345678-0001',
          `Contact: ${SELLER.contact}`,
          'Chiamaka Eze',
          email,
          kit.kit_number,
          kit.address,
          `${formatDate(new Date(renewal.start_date))} to ${formatDate(new Date(renewal.end_date))}`,
          'Amount paid',
          'NGN 57,000',
        ]),
      );
      expect(text.join('\n')).toMatch(/\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4} to \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}/);
      expect(text).not.toContain('Invoice');
    });

    it('an unpaid renewal is an invoice with the amount and the date it is due', async () => {
      const { token: firstToken, email, password } = await signupUser(t());
      const kit = await createKit(t(), firstToken);
      await fundWallet(t(), firstToken, 57000);
      await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token: firstToken });
      await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token: firstToken, body: { id: kit.id, auto_renew: true } });
      // Within a day of the deadline with an empty wallet, the sweep raises an invoice.
      t().advance(29.5 * DAY);
      try {
        await t().server.sweep();
        // A month later the first session has expired.
        const { token } = (await t().api('POST', '/api/v1/login', { body: { starlink_user: { email, password } } })).body;
        const renewals = (await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`, { token })).body;
        const invoice = renewals.find((r: { status: string }) => r.status === 'invoice');
        expect(invoice).toBeDefined();
        const text = pdfText((await t().api('GET', `/api/v1/starlink_kit_renewals/${invoice.id}/download_pdf`, { token })).bytes!);
        expect(text[0]).toBe('Invoice');
        expect(text).toEqual(
          expect.arrayContaining([`Invoice number INV-${String(invoice.id).padStart(6, '0')}`, 'Payment due', formatDate(new Date(invoice.deadline)), 'Amount due', 'NGN 57,000']),
        );
        expect(text).not.toContain('Receipt');
      } finally {
        t().advance(-29.5 * DAY);
      }
    });
  },
  { config: { seller: SELLER } },
);
