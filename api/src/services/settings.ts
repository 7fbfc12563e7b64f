import type { Queryable } from '../db';
import type { Ctx } from './context';

/** Operator-set price wins over the PLAN_PRICE default so a price change needs no restart. */
export async function getPlanPrice(ctx: Ctx, q: Queryable = ctx.db): Promise<number> {
  const rows = await q.query<{ value: string }>("SELECT value FROM settings WHERE key = 'plan_price'");
  const stored = rows[0] ? Number(rows[0].value) : NaN;
  return Number.isInteger(stored) && stored > 0 ? stored : ctx.config.planPrice;
}

export async function setPlanPrice(ctx: Ctx, amount: number): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error('Price must be a positive whole number of naira');
  await ctx.db.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ('plan_price', $1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [String(amount), ctx.clock()],
  );
  return amount;
}
