import { MONEY_EVENT_TYPES, moneyEventTexts, type MoneyEventType } from 'portal-rules';
import type { Queryable } from '../db';
import { notFound } from '../lib/errors';
import { formatDate, formatNaira } from '../lib/format';
import { addDays, toIso, toNum } from '../lib/time';
import type { Ctx } from './context';
import { queueMessages, sendQueued } from './messages';
import { getPlanPrice } from './settings';

export { MONEY_EVENT_TYPES, type MoneyEventType };

/** How far ahead of a renewal deadline a customer with too little in the wallet is told (issue 37). */
export const RENEWAL_REMINDER_DAYS = 3;
/** Notices shown on /home are the undismissed ones of this many days. */
const NOTICE_DAYS = 30;

export interface MoneyEvent {
  userId: number;
  type: MoneyEventType;
  /** The funding or the kit the event is about. */
  subjectId: number;
  /** Which occurrence for that subject ('' for a funding, decided once): a kit's period start or deadline. */
  period: string;
  amount: number;
  reference?: string | null;
  kitNumber?: string | null;
  dueDate?: Date | null;
}

interface NotificationRow {
  id: number;
  user_id: number;
  type: MoneyEventType;
  amount: string | number;
  reference: string | null;
  kit_number: string | null;
  due_date: Date | null;
  created_at: Date;
}

/**
 * Records a money event once: the unique key (customer, type, subject, period) makes every other attempt, from this
 * or another API instance, a no-op. Nothing is recorded for a type the customer turned off. Call it inside the
 * transaction that makes the event true: its email and WhatsApp are queued in that transaction
 * (services/messages.ts); `deliver` the returned message ids after the commit.
 */
export async function recordEvent(q: Queryable, e: MoneyEvent, now: Date): Promise<number[]> {
  const [row] = await q.query<NotificationRow & { email: string; whatsapp_number: string }>(
    `INSERT INTO notifications (user_id, type, subject_id, period, amount, reference, kit_number, due_date, created_at, delivered_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $9
     WHERE NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = $1 AND p.type = $2 AND NOT p.enabled)
     ON CONFLICT (user_id, type, subject_id, period) DO NOTHING RETURNING *`,
    [e.userId, e.type, e.subjectId, e.period, e.amount, e.reference ?? null, e.kitNumber ?? null, e.dueDate ?? null, now],
  );
  if (!row) return [];
  // A declined transfer's reason was written earlier in this transaction (services/wallet.ts).
  const [user] = await q.query<{ email: string; whatsapp_number: string; reason: string | null }>(
    `SELECT u.email, u.whatsapp_number,
       (SELECT f.decline_reason FROM wallet_fundings f WHERE $2 = 'funding_declined' AND f.id = $3) AS reason
     FROM users u WHERE u.id = $1`,
    [e.userId, e.type, e.subjectId],
  );
  const { subject, body } = messageOf({ ...row, reason: user!.reason });
  return queueMessages(
    q,
    [
      { userId: e.userId, channel: 'email', to: user!.email, subject, body },
      { userId: e.userId, channel: 'whatsapp', to: user!.whatsapp_number, subject, body },
    ],
    now,
  );
}

const messageOf = (n: NotificationRow & { reason?: string | null }) => {
  const text = moneyEventTexts[n.type];
  // A declined transfer's reason, as the staff member gave it (services/staff/transfers.ts).
  const reason = n.reason ? `\n\nReason: ${n.reason}` : '';
  const body = text.body({
    amount: formatNaira(toNum(n.amount)),
    reference: n.reference,
    kitNumber: n.kit_number,
    date: n.due_date ? formatDate(new Date(n.due_date)) : null,
  }) + reason;
  return { subject: text.title, body };
};

/** Sends the messages of recorded events after the answer; each is claimed by one instance (services/messages.ts). */
export async function deliver(ctx: Ctx, ids: number[]): Promise<void> {
  await sendQueued(ctx, ids);
}

/**
 * The sweep's reminder: each kit whose renewal deadline is within 3 days while the wallet holds less than the price,
 * told once per deadline with the amount to add (what one renewal of that kit needs).
 */
export async function remindRenewalsDue(ctx: Ctx): Promise<number> {
  const now = ctx.clock();
  const price = await getPlanPrice(ctx);
  const due = await ctx.db.query<{ id: number; user_id: number; kit_number: string; deadline: Date; balance: string }>(
    `SELECT k.id, k.user_id, k.kit_number, d.deadline, w.balance
     FROM kits k JOIN wallets w ON w.user_id = k.user_id
     JOIN (SELECT kit_id, max(deadline) AS deadline FROM kit_renewals GROUP BY kit_id) d ON d.kit_id = k.id
     WHERE k.status IN ('active', 'expiring', 'receipt', 'invoice') AND d.deadline > $1 AND d.deadline <= $2 AND w.balance < $3
       -- An auto-renewal that could not be paid left an invoice and its own message (auto_renew_failed).
       AND NOT EXISTS (SELECT 1 FROM kit_renewals r WHERE r.kit_id = k.id AND r.status = 'invoice')
     ORDER BY k.id`,
    [now, addDays(now, RENEWAL_REMINDER_DAYS), price],
  );
  const ids: number[] = [];
  let reminded = 0;
  for (const kit of due) {
    const deadline = new Date(kit.deadline);
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
    const queued = await ctx.db.tx((q) => recordEvent(q, event, now));
    if (queued.length) reminded += 1;
    ids.push(...queued);
  }
  await deliver(ctx, ids);
  return reminded;
}

/** /home's notices: the undismissed events of the last 30 days, newest first. */
export async function listNotices(ctx: Ctx, userId: number) {
  const rows = await ctx.db.query<NotificationRow>(
    `SELECT * FROM notifications WHERE user_id = $1 AND dismissed_at IS NULL AND created_at > $2
     ORDER BY created_at DESC, id DESC LIMIT 20`,
    [userId, addDays(ctx.clock(), -NOTICE_DAYS)],
  );
  return {
    notifications: rows.map((n) => ({
      id: n.id,
      type: n.type,
      amount: toNum(n.amount),
      reference: n.reference,
      kit_number: n.kit_number,
      date: toIso(n.due_date),
      created_at: toIso(n.created_at),
    })),
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
