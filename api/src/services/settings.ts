import type { Queryable } from '../db';
import type { Ctx } from './context';
import { priceOn } from './prices';

/** The plan price in effect now (services/prices.ts: scheduled changes, else an older operator-set price, else PLAN_PRICE). */
export async function getPlanPrice(ctx: Ctx, q: Queryable = ctx.db): Promise<number> {
  return priceOn(ctx, ctx.clock(), q);
}
