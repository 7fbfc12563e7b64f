import { MONEY_EVENT_TYPES, moneyEventTexts, type MoneyEventType } from 'portal-rules';
import type { Queryable } from '../db';
import { notFound } from '../lib/errors';
import { addDays, toIso, toNum } from '../lib/time';
import type { Ctx } from './context';
import { queueMessages, sendQueued } from './messages';
import { NOTICE_TYPES, noticeMessage, noticeText, type NoticeFacts, type NoticeType } from './notice-texts';
import { loadPrices } from './prices';

export { MONEY_EVENT_TYPES, NOTICE_TYPES, type MoneyEventType, type NoticeType };

/** How far ahead of a renewal deadline a customer with too little in the wallet is told (issue 37). */
export const RENEWAL_REMINDER_DAYS = 3;
/** Notices shown on /home are the undismissed ones of this many days. */
const NOTICE_DAYS = 30;

export interface MoneyEvent {
  userId: number;
  type: NoticeType;
  /** The funding, the kit or the price change the event is about. */
  subjectId: number;
  /** Which occurrence for that subject ('' when decided once): a kit's period start, deadline or review time. */
  period: string;
  amount: number;
  oldAmount?: number | null;
  reference?: string | null;
  kitNumber?: string | null;
  dueDate?: Date | null;
  reason?: string | null;
  /** The wallet once the event happened; read from the wallet in the event's transaction when not given. */
  balance?: number;
}

interface NotificationRow {
  id: number;
  user_id: number;
  type: NoticeType;
  subject_id: number;
  amount: string | number;
  old_amount: string | number | null;
  balance: string | number | null;
  reference: string | null;
  kit_number: string | null;
  due_date: Date | null;
  reason: string | null;
  created_at: Date;
}

const KIT_EVENTS = new Set<NoticeType>(['renewal_due', 'auto_renew_charged', 'auto_renew_failed', 'kit_accepted', 'kit_declined']);

const factsOf = (n: NotificationRow): NoticeFacts => ({
  type: n.type,
  amount: toNum(n.amount),
  oldAmount: n.old_amount === null ? null : toNum(n.old_amount),
  balance: n.balance === null ? null : toNum(n.balance),
  reference: n.reference,
  kitId: KIT_EVENTS.has(n.type) ? n.subject_id : null,
  kitNumber: n.kit_number,
  date: n.due_date ? new Date(n.due_date) : null,
  reason: n.reason,
});

/**
 * Records an event once: the unique key (customer, type, subject, period) makes every other attempt, from this or
 * another API instance, a no-op. Nothing is recorded for a money event type the customer turned off. Call it inside
 * the transaction that makes the event true: its email and WhatsApp (the notice's words, the new balance and the next
 * step with its portal address) are queued in that transaction (services/messages.ts); `deliver` the returned message
 * ids after the commit.
 */
export async function recordEvent(ctx: Ctx, q: Queryable, e: MoneyEvent, now: Date): Promise<number[]> {
  const [wallet] = e.balance === undefined ? await q.query<{ balance: string }>('SELECT balance FROM wallets WHERE user_id = $1', [e.userId]) : [];
  const balance = e.balance ?? toNum(wallet?.balance ?? 0);
  const [row] = await q.query<NotificationRow>(
    `INSERT INTO notifications (user_id, type, subject_id, period, amount, reference, kit_number, due_date, created_at, delivered_at, balance, old_amount, reason)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12
     WHERE NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = $1 AND p.type = $2 AND NOT p.enabled)
     ON CONFLICT (user_id, type, subject_id, period) DO NOTHING RETURNING *`,
    [
      e.userId,
      e.type,
      e.subjectId,
      e.period,
      e.amount,
      e.reference ?? null,
      e.kitNumber ?? null,
      e.dueDate ?? null,
      now,
      balance,
      e.oldAmount ?? null,
      e.reason ?? null,
    ],
  );
  if (!row) return [];
  const [user] = await q.query<{ name: string; email: string; whatsapp_number: string }>('SELECT name, email, whatsapp_number FROM users WHERE id = $1', [
    e.userId,
  ]);
  const { subject, body } = noticeMessage(ctx.config.portalUrl, user!.name, noticeText(factsOf(row)));
  return queueMessages(
    q,
    [
      { userId: e.userId, channel: 'email', to: user!.email, subject, body },
      { userId: e.userId, channel: 'whatsapp', to: user!.whatsapp_number, subject, body },
    ],
    now,
  );
}

/** Sends the messages of recorded events after the answer; each is claimed by one instance (services/messages.ts). */
export async function deliver(ctx: Ctx, ids: number[]): Promise<void> {
  await sendQueued(ctx, ids);
}

/**
 * The sweep's reminder: each kit whose renewal deadline is within 3 days while the wallet holds less than the price in
 * effect on that day, told once per deadline with the amount to add (what one renewal of that kit needs).
 */
export async function remindRenewalsDue(ctx: Ctx): Promise<number> {
  const now = ctx.clock();
  const prices = await loadPrices(ctx);
  const due = await ctx.db.query<{ id: number; user_id: number; kit_number: string; deadline: Date; balance: string }>(
    `SELECT k.id, k.user_id, k.kit_number, d.deadline, w.balance
     FROM kits k JOIN wallets w ON w.user_id = k.user_id
     JOIN (SELECT kit_id, max(deadline) AS deadline FROM kit_renewals GROUP BY kit_id) d ON d.kit_id = k.id
     WHERE k.status IN ('active', 'expiring', 'receipt', 'invoice') AND d.deadline > $1 AND d.deadline <= $2
       -- An auto-renewal that could not be paid left an invoice and its own message (auto_renew_failed).
       AND NOT EXISTS (SELECT 1 FROM kit_renewals r WHERE r.kit_id = k.id AND r.status = 'invoice')
     ORDER BY k.id`,
    [now, addDays(now, RENEWAL_REMINDER_DAYS)],
  );
  const ids: number[] = [];
  let reminded = 0;
  for (const kit of due) {
    const deadline = new Date(kit.deadline);
    const price = prices.at(deadline);
    if (toNum(kit.balance) >= price) continue;
    const event: MoneyEvent = {
      userId: kit.user_id,
      type: 'renewal_due',
      subjectId: kit.id,
      period: deadline.toISOString(),
      amount: price - toNum(kit.balance),
      kitNumber: kit.kit_number,
      dueDate: deadline,
    };
    // The notice and its messages together, or neither.
    const queued = await ctx.db.tx((q) => recordEvent(ctx, q, event, now));
    if (queued.length) reminded += 1;
    ids.push(...queued);
  }
  await deliver(ctx, ids);
  return reminded;
}

/**
 * The notices of `rows` whose condition no longer holds: a renewal reminder once the kit was renewed or the wallet
 * covers the renewal, an auto-renewal failure once its invoice was paid or the wallet covers it, a price change
 * replaced by another.
 */
async function staleOf(ctx: Ctx, userId: number, rows: NotificationRow[]): Promise<Set<number>> {
  const stale = new Set<number>();
  const kitIds = rows.filter((n) => n.type === 'renewal_due' || n.type === 'auto_renew_failed').map((n) => n.subject_id);
  const kits = kitIds.length
    ? await ctx.db.query<{ id: number; paid_until: Date | null; open_invoice: string | number | null }>(
        `SELECT k.id, (SELECT max(r.end_date) FROM kit_renewals r WHERE r.kit_id = k.id AND r.status = 'receipt') AS paid_until,
           (SELECT max(r.amount) FROM kit_renewals r WHERE r.kit_id = k.id AND r.status = 'invoice') AS open_invoice
         FROM kits k WHERE k.id = ANY($1::int[])`,
        [kitIds],
      )
    : [];
  const kitOf = new Map(kits.map((k) => [k.id, k]));
  const priceIds = rows.filter((n) => n.type === 'price_change').map((n) => n.subject_id);
  const cancelled = new Set(
    priceIds.length
      ? (await ctx.db.query<{ id: number }>('SELECT id FROM plan_prices WHERE id = ANY($1::int[]) AND cancelled_at IS NOT NULL', [priceIds])).map((r) => r.id)
      : [],
  );
  const [wallet] = await ctx.db.query<{ balance: string }>('SELECT balance FROM wallets WHERE user_id = $1', [userId]);
  const balance = toNum(wallet?.balance ?? 0);
  const prices = await loadPrices(ctx);
  for (const n of rows) {
    const kit = kitOf.get(n.subject_id);
    const due = n.due_date ? new Date(n.due_date) : null;
    if (n.type === 'renewal_due' && kit && due) {
      const renewed = kit.paid_until !== null && new Date(kit.paid_until).getTime() > due.getTime();
      if (renewed || balance >= prices.at(due)) stale.add(n.id);
    } else if (n.type === 'auto_renew_failed' && kit) {
      // Paid, or the wallet now holds the unpaid period's price: "your wallet is short" is no longer true.
      if (kit.open_invoice === null || balance >= toNum(kit.open_invoice)) stale.add(n.id);
    }
    else if (n.type === 'price_change' && cancelled.has(n.subject_id)) stale.add(n.id);
  }
  return stale;
}

/**
 * /home's notices: the undismissed events of the last 30 days that are still true, newest first, each with its words
 * and its next step. A notice no longer true is withdrawn here, for good. An older portal knows only the money events
 * of issue 37 by name: the other kinds come only when asked for (`kinds=all`).
 */
export async function listNotices(ctx: Ctx, userId: number, kinds: 'money' | 'all' = 'money') {
  const now = ctx.clock();
  const rows = await ctx.db.query<NotificationRow>(
    `SELECT * FROM notifications WHERE user_id = $1 AND dismissed_at IS NULL AND withdrawn_at IS NULL AND created_at > $2
       AND type = ANY($3::text[])
     ORDER BY created_at DESC, id DESC LIMIT 20`,
    [userId, addDays(now, -NOTICE_DAYS), kinds === 'all' ? [...NOTICE_TYPES] : [...MONEY_EVENT_TYPES]],
  );
  const stale = await staleOf(ctx, userId, rows);
  if (stale.size) await ctx.db.query('UPDATE notifications SET withdrawn_at = $2 WHERE id = ANY($1::int[]) AND withdrawn_at IS NULL', [[...stale], now]);
  return {
    notifications: rows
      .filter((n) => !stale.has(n.id))
      .map((n) => {
        const facts = factsOf(n);
        const words = noticeText(facts);
        return {
          id: n.id,
          type: n.type,
          amount: facts.amount,
          reference: n.reference,
          kit_number: n.kit_number,
          date: toIso(n.due_date),
          created_at: toIso(n.created_at),
          kit_id: facts.kitId ?? null,
          balance: facts.balance ?? null,
          old_amount: facts.oldAmount ?? null,
          reason: n.reason,
          title: words.title,
          text: words.text,
          next_step: words.next,
        };
      }),
  };
}

export async function dismissNotice(ctx: Ctx, userId: number, id: number) {
  const [row] = await ctx.db.query<{ id: number }>(
    'UPDATE notifications SET dismissed_at = COALESCE(dismissed_at, $3) WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId, ctx.clock()],
  );
  if (!row) throw notFound('Notification');
  return { id: row.id, dismissed: true };
}

export type Preferences = Record<MoneyEventType, boolean>;

export async function getPreferences(ctx: Ctx, userId: number, q: Queryable = ctx.db): Promise<Preferences> {
  const rows = await q.query<{ type: MoneyEventType; enabled: boolean }>(
    'SELECT type, enabled FROM notification_preferences WHERE user_id = $1',
    [userId],
  );
  const prefs = Object.fromEntries(MONEY_EVENT_TYPES.map((t) => [t, true])) as Preferences;
  for (const r of rows) if (r.type in prefs) prefs[r.type] = r.enabled;
  return prefs;
}

/**
 * Turns types on or off. Turning any off is told to the email on file, at once and in the same transaction: someone
 * holding a stolen session must not be able to silence the money messages unnoticed.
 */
export async function setPreferences(ctx: Ctx, userId: number, changes: Partial<Preferences>): Promise<Preferences> {
  const now = ctx.clock();
  const { prefs, messageIds } = await ctx.db.tx(async (q) => {
    const [user] = await q.query<{ name: string; email: string }>('SELECT name, email FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const before = await getPreferences(ctx, userId, q);
    for (const type of MONEY_EVENT_TYPES) {
      const enabled = changes[type];
      if (enabled === undefined) continue;
      await q.query(
        `INSERT INTO notification_preferences (user_id, type, enabled, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, type) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
        [userId, type, enabled, now],
      );
    }
    const after = await getPreferences(ctx, userId, q);
    const turnedOff = MONEY_EVENT_TYPES.filter((t) => before[t] && !after[t]);
    const ids = turnedOff.length
      ? await queueMessages(q, [{ userId, channel: 'email', to: user!.email, subject: MESSAGES_OFF_SUBJECT, body: messagesOffBody(user!.name, turnedOff) }], now)
      : [];
    return { prefs: after, messageIds: ids };
  });
  await sendQueued(ctx, messageIds);
  return prefs;
}

export const MESSAGES_OFF_SUBJECT = 'Money messages turned off';

const messagesOffBody = (name: string, types: MoneyEventType[]) =>
  `Hello ${name},\n\nThese messages were turned off on your Starlink portal account, by email, WhatsApp and on Home:\n` +
  types.map((t) => `- ${moneyEventTexts[t].setting}`).join('\n') +
  "\n\nIf this wasn't you, log in, turn them back on under Profile, change your password and contact support.";
