import { MONEY_EVENT_TYPES, moneyEventTexts, type MoneyEventType } from 'shared-api/texts';
import type { Queryable } from '../db';
import { notFound } from '../lib/errors';
import { formatDate, formatNaira } from '../lib/format';
import { addDays, toIso, toNum } from '../lib/time';
import { sendLater, type Ctx } from './context';
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
 * transaction that makes the event true, then `deliver` the returned id after the commit.
 */
export async function recordEvent(q: Queryable, e: MoneyEvent, now: Date): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO notifications (user_id, type, subject_id, period, amount, reference, kit_number, due_date, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
     WHERE NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = $1 AND p.type = $2 AND NOT p.enabled)
     ON CONFLICT (user_id, type, subject_id, period) DO NOTHING RETURNING id`,
    [e.userId, e.type, e.subjectId, e.period, e.amount, e.reference ?? null, e.kitNumber ?? null, e.dueDate ?? null, now],
  );
  return row?.id ?? null;
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

/**
 * Sends recorded events by email and WhatsApp after the answer. Each row is claimed by one conditional UPDATE, so
 * of several instances (or a sweep catching up) exactly one sends it.
 */
export async function deliver(ctx: Ctx, ids: (number | null)[]): Promise<void> {
  const claimed = ids.filter((id): id is number => id !== null);
  if (!claimed.length) return;
  await sendLater(ctx, 'money event', async () => {
    for (const id of claimed) await deliverOne(ctx, id);
  });
}

async function deliverOne(ctx: Ctx, id: number): Promise<void> {
  const [n] = await ctx.db.query<NotificationRow & { email: string; whatsapp_number: string; reason: string | null }>(
    `UPDATE notifications n SET delivered_at = $2 FROM users u
     WHERE n.id = $1 AND n.delivered_at IS NULL AND u.id = n.user_id
     RETURNING n.*, u.email, u.whatsapp_number,
       (SELECT f.decline_reason FROM wallet_fundings f WHERE n.type = 'funding_declined' AND f.id = n.subject_id) AS reason`,
    [id, ctx.clock()],
  );
  if (!n) return;
  const { subject, body } = messageOf(n);
  await ctx.outbox.send({ channel: 'email', to: n.email, subject, body });
  await ctx.outbox.send({ channel: 'whatsapp', to: n.whatsapp_number, subject, body });
}

/** Sends what a stopped instance recorded but never sent (the sweep calls it). */
export async function deliverPending(ctx: Ctx): Promise<void> {
  const rows = await ctx.db.query<{ id: number }>(
    'SELECT id FROM notifications WHERE delivered_at IS NULL AND created_at > $1 ORDER BY id',
    [addDays(ctx.clock(), -2)],
  );
  for (const { id } of rows) await deliverOne(ctx, id);
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
  const ids: (number | null)[] = [];
  for (const kit of due) {
    const deadline = new Date(kit.deadline);
    ids.push(
      await recordEvent(
        ctx.db,
        {
          userId: kit.user_id,
          type: 'renewal_due',
          subjectId: kit.id,
          period: deadline.toISOString(),
          amount: price - toNum(kit.balance),
          kitNumber: kit.kit_number,
          dueDate: deadline,
        },
        now,
      ),
    );
  }
  await deliver(ctx, ids);
  return ids.filter((id) => id !== null).length;
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

export async function setPreferences(ctx: Ctx, userId: number, changes: Partial<Preferences>): Promise<Preferences> {
  const now = ctx.clock();
  return ctx.db.tx(async (q) => {
    for (const type of MONEY_EVENT_TYPES) {
      const enabled = changes[type];
      if (enabled === undefined) continue;
      await q.query(
        `INSERT INTO notification_preferences (user_id, type, enabled, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, type) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
        [userId, type, enabled, now],
      );
    }
    return getPreferences(ctx, userId, q);
  });
}
