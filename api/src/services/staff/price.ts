import { unprocessable } from '../../lib/errors';
import type { Ctx } from '../context';
import { getPlanPrice, setPlanPrice } from '../settings';
import { writeAudit, type Actor } from './audit';

export async function currentPrice(ctx: Ctx) {
  return { plan_price: await getPlanPrice(ctx) };
}

/** A new plan price, in whole naira, through the command line's `price set`. */
export async function changePrice(ctx: Ctx, actor: Actor, amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) throw unprocessable('The price must be a positive whole number of naira.');
  const before = await getPlanPrice(ctx);
  const plan_price = await setPlanPrice(ctx, amount);
  await writeAudit(ctx.db, actor, { kind: 'price.set', before: { plan_price: before }, after: { plan_price } }, ctx.clock());
  return { plan_price };
}
