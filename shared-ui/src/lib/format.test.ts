import { formatDate, formatNaira, groupThousands, ordinal, readAt } from './format';

describe('formatters', () => {
  it('writes dates as day with ordinal suffix, short month, year', () => {
    expect(formatDate(new Date(2026, 2, 3))).toBe('3rd Mar 2026');
    expect(formatDate(new Date(2026, 0, 11))).toBe('11th Jan 2026');
    expect(formatDate(new Date(2026, 4, 22))).toBe('22nd May 2026');
    expect(formatDate('not a date')).toBe('—');
    // Lagos's day (UTC+1), as on the API's receipts, whatever the phone's zone: 23:30 UTC is already the next day.
    expect(formatDate('2026-11-28T23:30:00Z')).toBe('29th Nov 2026');
    expect(formatDate('2026-11-28T22:59:00Z')).toBe('28th Nov 2026');
  });
  it('handles the teens', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '101st', '111th',
    ]);
  });
  it('writes naira with thousands separators', () => {
    expect(formatNaira(120000)).toBe('NGN 120,000');
    expect(formatNaira('57000.5')).toBe('NGN 57,000.50');
    expect(formatNaira(1500.05)).toBe('NGN 1,500.05');
    expect(formatNaira(1500.004)).toBe('NGN 1,500');
    expect(formatNaira(null)).toBe('NGN 0');
  });
  it('groups digits exactly as Intl.NumberFormat en-NG does, for whole naira and for kobo', () => {
    const intl = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
    const values = [0, 5, 999, 1000, 57000, 120000.5, 1234567.89, 100000000, -2500.25, 0.1, 10.05, 999999.99, 12345678901234];
    for (let n = 1; n < 1e15; n *= 7) values.push(n, n + 0.5, Math.round(n * 100) / 100 + 0.01);
    for (const value of values) expect(groupThousands(value, 2)).toBe(intl.format(value));
  });
});

describe('readAt', () => {
  const now = new Date(2026, 2, 1, 10, 30);
  it('gives only the time today', () => {
    expect(readAt(new Date(2026, 2, 1, 0, 13).getTime(), now)).toBe('00:13');
  });
  it('says yesterday across a month end', () => {
    expect(readAt(new Date(2026, 1, 28, 23, 59).getTime(), now)).toBe('23:59 yesterday');
  });
  it('gives the date when older', () => {
    expect(readAt(new Date(2026, 1, 27, 14, 5).getTime(), now)).toBe('14:05 on 27th Feb 2026');
  });
});
