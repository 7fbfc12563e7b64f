import { amountOf, http, type Id } from 'shared-api';
import type { paths } from 'shared-api/api-schema';
import { MONEY_EVENT_TYPES, type MoneyEventType } from 'portal-rules';

type NoticesWire = paths['/api/v1/notifications']['get']['responses'][200]['content']['application/json'];
type NoticeWire = NoticesWire['notifications'][number];
export type MoneyNotice = Omit<NoticeWire, 'amount' | 'type'> & { amount: number; type: MoneyEventType };

const isMoneyEvent = (n: NoticeWire): n is NoticeWire & { type: MoneyEventType } => (MONEY_EVENT_TYPES as readonly string[]).includes(n.type);

/** Its key in the data cache (shared-api's `useData` puts the session token first). */
export const noticesKey = ['notices'] as const;

/**
 * The money events the customer was told about (beyond spec section 7; a 404 is a server without them). Asked without
 * `kinds=all`, so the API sends only these kinds; any other is left out.
 */
export function getNotices(): Promise<MoneyNotice[]> {
  return http
    .get<NoticesWire>('/api/v1/notifications')
    .then(({ data }) => data.notifications.filter(isMoneyEvent).map((n) => ({ ...n, amount: amountOf(n.amount) })));
}

/** Hides a notice from /home on every device. */
export function dismissNotice(id: Id): Promise<unknown> {
  return http.post(`/api/v1/notifications/${encodeURIComponent(String(id))}/dismiss`);
}
