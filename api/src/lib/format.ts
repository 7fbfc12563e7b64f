/** Formats for documents customers keep, matching how the portal writes them (shared-ui's format helpers). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Nigeria keeps West Africa Time (UTC+1) all year, so a fixed offset gives the customer's calendar day.
const WAT_OFFSET_MS = 60 * 60 * 1000;

export function ordinal(day: number): string {
  const rem100 = day % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/** "23rd Nov 2026": the day in Lagos with its ordinal suffix, the short month and the year. */
export function formatDate(date: Date): string {
  const lagos = new Date(date.getTime() + WAT_OFFSET_MS);
  return `${ordinal(lagos.getUTCDate())} ${MONTHS[lagos.getUTCMonth()]} ${lagos.getUTCFullYear()}`;
}

/**
 * "NGN 57,000", or "NGN 57,000.50" with kobo: how the portal writes an amount (shared-ui `formatNaira`), in messages and
 * documents alike (the ISO code: the built-in PDF fonts have no naira sign).
 */
export function formatAmount(amount: number): string {
  const [whole = '0', kobo = '00'] = Math.abs(amount).toFixed(2).split('.');
  return `NGN ${amount < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${kobo === '00' ? '' : `.${kobo}`}`;
}
