import { amountOf } from 'shared-api';

/**
 * "1234567.5" → "1,234,567.5", as Intl.NumberFormat('en-NG') writes it, for amounts with at most
 * `maxFractionDigits` decimals. Written by hand because the first Intl.NumberFormat of a page loads the locale's
 * data: 30 to 100 ms of main thread in Chromium (measured), which a module-level formatter spent in start-up on every
 * screen, /login included.
 */
export function groupThousands(value: number, maxFractionDigits = 0): string {
  if (!Number.isFinite(value)) return '0';
  const fixed = Math.abs(value).toFixed(maxFractionDigits);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const decimals = fraction.replace(/0+$/, '');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''}`;
}

/**
 * "NGN 120,000", or "NGN 57,000.50" with kobo, always two digits as a bank statement writes them. The ISO code reads
 * correctly on every screen reader, unlike a bare ₦.
 */
export function formatNaira(value: number | string | null | undefined): string {
  return `NGN ${groupThousands(amountOf(value), 2).replace(/\.(\d)$/, (_, digit: string) => `.${digit}0`)}`;
}

export function ordinal(day: number): string {
  const rem100 = day % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Lagos keeps UTC+1 all year (no daylight saving), so its calendar day needs no time-zone data. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/**
 * Spec section 9: day with ordinal suffix, short month, year — "3rd Mar 2026". The day is Africa/Lagos's, as in the
 * API's PDFs and messages, whatever zone the phone is set to, so a date never differs between the screen and a receipt.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const lagos = new Date(date.getTime() + LAGOS_OFFSET_MS);
  return `${ordinal(lagos.getUTCDate())} ${MONTHS[lagos.getUTCMonth()]} ${lagos.getUTCFullYear()}`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "09:41" in the phone's own time zone. */
export function clockTime(at: number | Date): string {
  const date = new Date(at);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

const dayStart = (at: number | Date) => {
  const date = new Date(at);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
};

/**
 * When data shown was read: "14:05" today, "14:05 yesterday", else "14:05 on 25th Nov 2025", so a copy from another
 * day never reads as fresh.
 */
export function readAt(at: number, now: number | Date = Date.now()): string {
  const today = dayStart(now);
  const day = dayStart(at);
  if (day === today) return clockTime(at);
  if (day === dayStart(new Date(today).setDate(new Date(today).getDate() - 1))) return `${clockTime(at)} yesterday`;
  return `${clockTime(at)} on ${formatDate(at)}`;
}
