import type { Queryable } from '../db';
import { HttpError } from '../lib/errors';
import { toNum } from '../lib/time';
import type { Ctx } from './context';

/**
 * A price change refused, with the sentence to show: a 422 to any route (a staff screen's) that calls the service,
 * with `earliest_from` (YYYY-MM-DD) when the day was too soon. `cli` is the operator command's own way to say it.
 */
export class PriceError extends HttpError {
  readonly cli: string | undefined;
  constructor(message: string, hint: { earliest?: string; cli?: string } = {}) {
    super(422, message, { error: 'Price not changed', ...(hint.earliest ? { earliest_from: hint.earliest } : {}) });
    this.cli = hint.cli;
  }
}

interface PriceRow {
  id: number;
  amount: string | number;
  effective_from: Date;
}

/**
 * The plan price over time: the operator's scheduled changes (`plan_prices`, each in effect from its date until the
 * next), before them the price an older operator command set at once (`settings.plan_price`), else PLAN_PRICE.
 */
export interface PriceSchedule {
  /** The price of a period starting at `at`. */
  at(at: Date): number;
  /** The next change after `now`, if one is scheduled. */
  next(now: Date): { amount: number; from: Date } | null;
}

export async function loadPrices(ctx: Ctx, q: Queryable = ctx.db): Promise<PriceSchedule> {
  const [setting] = await q.query<{ value: string }>("SELECT value FROM settings WHERE key = 'plan_price'");
  const stored = setting ? Number(setting.value) : NaN;
  const base = Number.isInteger(stored) && stored > 0 ? stored : ctx.config.planPrice;
  const rows = (await q.query<PriceRow>('SELECT id, amount, effective_from FROM plan_prices WHERE cancelled_at IS NULL ORDER BY effective_from, id')).map(
    (r) => ({ amount: toNum(r.amount), from: new Date(r.effective_from) }),
  );
  return {
    at(at) {
      let price = base;
      for (const r of rows) if (r.from.getTime() <= at.getTime()) price = r.amount;
      return price;
    },
    next(now) {
      const upcoming = rows.find((r) => r.from.getTime() > now.getTime());
      return upcoming ? { amount: upcoming.amount, from: upcoming.from } : null;
    },
  };
}

/** The price now and the change to come, if any: what `GET /api/v1/plan_price` and `price` (the operator's) answer. */
export async function currentPrices(ctx: Ctx, q: Queryable = ctx.db): Promise<{ amount: number; scheduled: { amount: number; from: string } | null }> {
  const prices = await loadPrices(ctx, q);
  const now = ctx.clock();
  const next = prices.next(now);
  return { amount: prices.at(now), scheduled: next ? { amount: next.amount, from: next.from.toISOString() } : null };
}

/** The price of a period starting at `at` (the renewal date for a renewal, now for a first activation). */
export async function priceOn(ctx: Ctx, at: Date, q: Queryable = ctx.db): Promise<number> {
  return (await loadPrices(ctx, q)).at(at);
}

/** Midnight in Lagos (UTC+1 all year) at the start of a YYYY-MM-DD day. */
export function lagosDay(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - 3600_000) : null;
  // 2026-02-30 would roll over to March: only a day that exists reads back as itself.
  if (!date || Number.isNaN(date.getTime()) || new Date(date.getTime() + 3600_000).toISOString().slice(0, 10) !== day) {
    throw new PriceError(`The day must be a date as YYYY-MM-DD (got "${day}")`);
  }
  return date;
}

