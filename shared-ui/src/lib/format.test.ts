import { formatDate, formatNaira, ordinal } from './format';

describe('formatters', () => {
  it('writes dates as day with ordinal suffix, short month, year', () => {
    expect(formatDate(new Date(2026, 2, 3))).toBe('3rd Mar 2026');
    expect(formatDate(new Date(2026, 0, 11))).toBe('11th Jan 2026');
    expect(formatDate(new Date(2026, 4, 22))).toBe('22nd May 2026');
    expect(formatDate('not a date')).toBe('—');
  });
  it('handles the teens', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '101st', '111th',
    ]);
  });
  it('writes naira with thousands separators', () => {
    expect(formatNaira(120000)).toBe('NGN 120,000');
    expect(formatNaira('57000.5')).toBe('NGN 57,000.5');
    expect(formatNaira(null)).toBe('NGN 0');
  });
});
