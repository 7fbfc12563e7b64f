import { formatAmount, formatDate } from '../lib/format';
import { addDays, DAY_MS, toNum } from '../lib/time';
import type { Ctx } from './context';
import { sendQueued } from './messages';
import { recordEvent } from './notifications';
import { lagosDay, loadPrices, PriceError } from './prices';

/** How far ahead a price change must be announced, unless the operator forces it. */
export const PRICE_NOTICE_DAYS = 7;

/** The first Lagos day at least `days` days after `now`, as YYYY-MM-DD. */
const earliestDay = (now: Date, days: number) => new Date(Math.ceil((now.getTime() + 3600_000 + days * DAY_MS) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

export interface PriceChangeRequest {
  /** Whole naira per 30-day period. */
  amount: number;
  /** The Lagos day (YYYY-MM-DD) it takes effect; none: now, forced only. */
  from?: string;
  /** Sooner than PRICE_NOTICE_DAYS ahead (or now), said in the answer's message. */
  force?: boolean;
}

export interface PriceChange {
  plan_price: number;
  from: string;
  old_price: number;
  /** Customers with a kit, each told by email, WhatsApp and a notice. */
  told: number;
  forced: boolean;
  message: string;
}

/**
 * Schedules a plan price from a day (Lagos midnight), at least PRICE_NOTICE_DAYS ahead unless forced; without a day it
 * takes effect now, forced only. It replaces a change still to come. Every customer with a kit is told, in the same
 * transaction, by email, WhatsApp and a notice: the old price, the new one and from when. A period starting on or
 * after the day is charged the new price (auto-renewals included, by their renewal date). The operator's `price set`
 * and any staff route call this one service; a refusal is a PriceError (a 422 with the sentence to show).
 */
export async function schedulePrice(ctx: Ctx, { amount, from: day, force = false }: PriceChangeRequest): Promise<PriceChange> {
  if (!Number.isInteger(amount) || amount <= 0) throw new PriceError('Price must be a positive whole number of naira');
  const now = ctx.clock();
  const soonest = earliestDay(now, PRICE_NOTICE_DAYS);
  if (!day && !force) {
    throw new PriceError(
      `Give the day the price takes effect, ${soonest} or later, so every customer is told at least ${PRICE_NOTICE_DAYS} days first; ` +
        'or force it to change now (customers are told, but with no notice).',
      { earliest: soonest, cli: `price set ${amount} --from ${soonest}, or add --force to change it now.` },
    );
  }
  const from = day ? lagosDay(day) : now;
  if (!force && from.getTime() < lagosDay(soonest).getTime()) {
    throw new PriceError(
      `A price change must be announced at least ${PRICE_NOTICE_DAYS} days ahead: choose ${soonest} or later, or force it (customers are then told with less notice).`,
      { earliest: soonest, cli: `price set ${amount} --from ${soonest}, or add --force.` },
    );
  }
  if (from.getTime() < now.getTime() && day) throw new PriceError(`${day} is in the past: a price applies from a day to come.`);
  const { told, old, ids } = await ctx.db.tx(async (q) => {
    // One change to come at a time: a new one replaces it.
    await q.query('UPDATE plan_prices SET cancelled_at = $1 WHERE cancelled_at IS NULL AND effective_from > $1', [now]);
    const old = (await loadPrices(ctx, q)).at(new Date(from.getTime() - 1));
    const [row] = await q.query<{ id: number }>(
      'INSERT INTO plan_prices (amount, effective_from, created_at) VALUES ($1, $2, $3) RETURNING id',
      [amount, from, now],
    );
    const customers = await q.query<{ user_id: number; balance: string }>(
      'SELECT DISTINCT k.user_id, w.balance FROM kits k JOIN wallets w ON w.user_id = k.user_id ORDER BY k.user_id',
    );
    const ids: number[] = [];
    if (old !== amount) {
      for (const c of customers) {
        ids.push(
          ...(await recordEvent(
            ctx,
            q,
            { userId: c.user_id, type: 'price_change', subjectId: row!.id, period: '', amount, oldAmount: old, dueDate: from, balance: toNum(c.balance) },
            now,
          )),
        );
      }
    }
    return { told: old !== amount ? customers.length : 0, old, ids };
  });
  await sendQueued(ctx, ids);
  const when = from.getTime() <= now.getTime() ? 'from now' : `from ${formatDate(from)}`;
  return {
    plan_price: amount,
    from: from.toISOString(),
    old_price: old,
    told,
    forced: force,
    message:
      `New plan price ${formatAmount(amount)} ${when} (was ${formatAmount(old)}); ${told} customer${told === 1 ? '' : 's'} with a kit told by email, WhatsApp and a notice.` +
      (force && from.getTime() < addDays(now, PRICE_NOTICE_DAYS).getTime() ? ` --force: less than ${PRICE_NOTICE_DAYS} days' notice.` : ''),
  };
}
