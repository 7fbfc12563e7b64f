const NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
// Nigeria keeps West Africa Time (UTC+1) all year: the month a customer is in.
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** "November 2026" for "2026-11". */
export const monthLabel = (month: string) => `${NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The current month in Lagos and the 11 before it, newest first, as "YYYY-MM". */
export function recentMonths(now: Date, count = 12): string[] {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
