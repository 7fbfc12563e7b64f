import { amountOf, http, type Id } from 'shared-api';
import type { paths } from 'shared-api/api-schema';

type NoticesWire = paths['/api/v1/notifications']['get']['responses'][200]['content']['application/json'];
type NoticeWire = NoticesWire['notifications'][number];
export type MoneyNotice = Omit<NoticeWire, 'amount'> & { amount: number };

/** Its key in the data cache (shared-api's `useData` puts the session token first). */
export const noticesKey = ['notices'] as const;

/** The money events the customer was told about (beyond spec section 7; a 404 is a server without them). */
export function getNotices(): Promise<MoneyNotice[]> {
  return http
    .get<NoticesWire>('/api/v1/notifications')
    .then(({ data }) => data.notifications.map((n) => ({ ...n, amount: amountOf(n.amount) })));
}

/** Hides a notice from /home on every device. */
export function dismissNotice(id: Id): Promise<unknown> {
  return http.post(`/api/v1/notifications/${encodeURIComponent(String(id))}/dismiss`);
}
