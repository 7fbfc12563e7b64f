import { useEffect, useRef } from 'react';
import { amountOf, http, type Id } from 'shared-api';
import type { paths } from 'shared-api/api-schema';
import { useData, useDataCache, useSWRMutation, type DataResponse } from 'shared-api/data';
import { MONEY_EVENT_TYPES, moneyEventTexts, type MoneyEventType } from 'portal-rules';
import { formatDate, formatNaira } from 'shared-ui/format';
import { noticesKey } from './notices-key';

type NoticesWire = paths['/api/v1/notifications']['get']['responses'][200]['content']['application/json'];
type NoticeWire = NoticesWire['notifications'][number];

/** A notice as /home shows it: its words, and its next step with the portal route to take it on (or none). */
export type Notice = {
  id: Id;
  type: NoticeWire['type'];
  title: string;
  text: string;
  nextStep: { text: string; route: string | null } | null;
  createdAt: string;
};

const isMoneyEvent = (type: string): type is MoneyEventType => (MONEY_EVENT_TYPES as readonly string[]).includes(type);

/**
 * The notice's words: the server's own (`title`, `text`, `next_step`) or, from a server that sends only the facts of a
 * money event (before issue 47), the portal's texts of it; a kind this portal has no words for is left out.
 */
function noticeOf(n: Partial<NoticeWire> & Pick<NoticeWire, 'id' | 'type' | 'created_at'>): Notice | null {
  if (n.title && n.text) {
    return { id: n.id, type: n.type, title: n.title, text: n.text, nextStep: n.next_step ?? null, createdAt: n.created_at };
  }
  if (!isMoneyEvent(n.type)) return null;
  const texts = moneyEventTexts[n.type];
  const text = texts.body({
    amount: formatNaira(amountOf(n.amount)),
    reference: n.reference,
    kitNumber: n.kit_number,
    date: n.date ? formatDate(n.date) : null,
  });
  return { id: n.id, type: n.type, title: texts.title, text, nextStep: null, createdAt: n.created_at };
}

/**
 * What the customer was told (beyond spec section 7; a 404 is a server without it): money events, price changes and
 * kit review outcomes (`kinds=all`), newest first. The server leaves out a notice that is no longer true at each read.
 */
export function getNotices(): Promise<Notice[]> {
  return http
    .get<NoticesWire>('/api/v1/notifications', { params: { kinds: 'all' } })
    .then(({ data }) => data.notifications.map(noticeOf).filter((n): n is Notice => n !== null));
}

export { noticesKey };

/**
 * /home's notices through the data cache, kept on the device for the next visit. `follow` (the one screen that reads
 * them first) reads them again whenever the wallet's balance changes (a funding approved, a charge), since that can
 * make a notice untrue; a charge marks them itself. Without it, a later screen shows what the cache has.
 */
export function useNotices({ follow = false }: { follow?: boolean } = {}): DataResponse<Notice[]> {
  const notices = useData(noticesKey, getNotices, { lastKnown: true, ...(!follow && { revalidateOnMount: false }) });
  return notices;
}

/** Reads the notices again when the balance changes (see `useNotices`); the page's wallet read tells. */
export function useNoticesFollowBalance(balance: number | undefined, mutate: () => unknown) {
  const seen = useRef(balance);
  useEffect(() => {
    if (balance !== undefined && seen.current !== undefined && balance !== seen.current) void mutate();
    seen.current = balance;
  }, [balance, mutate]);
}

/** Hides a notice from /home on every device. */
export function dismissNotice(id: Id): Promise<unknown> {
  return http.post(`/api/v1/notifications/${encodeURIComponent(String(id))}/dismiss`);
}

/** Dismissed: gone from the cache at once, and stays gone if the server could not be told. */
export function useDismissNotice() {
  const cache = useDataCache();
  return useSWRMutation(['dismiss-notice'], async (_key: unknown, { arg: id }: { arg: Id }) => {
    await cache.update<Notice[]>(noticesKey, (list) => list?.filter((n) => n.id !== id));
    await dismissNotice(id).catch(() => undefined);
  });
}
