import type { Ctx } from '../context';
import { schedulePrice, type PriceChangeRequest } from '../price-changes';
import { currentPrices } from '../prices';
import { writeAudit, type Actor } from './audit';

/** The plan price now, and the change to come (`scheduled`, or null). */
export async function currentPrice(ctx: Ctx) {
  const { amount, scheduled } = await currentPrices(ctx);
  return { plan_price: amount, scheduled: scheduled ? { plan_price: scheduled.amount, from: scheduled.from } : null };
}

/**
 * A new plan price from a day, by the command line's `price set` or an admin's screen: one service (`schedulePrice`:
 * at least 7 days ahead unless forced, every customer with a kit told), audited once it is scheduled. A refusal is
 * its PriceError, a 422 with the sentence and `earliest_from`.
 */
export async function changePrice(ctx: Ctx, actor: Actor, request: PriceChangeRequest) {
  const before = await currentPrice(ctx);
  const change = await schedulePrice(ctx, request);
  await writeAudit(
    ctx.db,
    actor,
    { kind: 'price.set', before, after: { plan_price: change.plan_price, from: change.from, forced: change.forced, told: change.told } },
    ctx.clock(),
  );
  return change;
}
