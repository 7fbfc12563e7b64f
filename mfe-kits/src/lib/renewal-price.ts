import type { Kit } from 'shared-api';
import { formatDate, formatNaira } from 'shared-ui/format';
import type { PlanPrice } from '../features/prices/api/get-plan-price';
import { renewalPrice } from './texts';

/**
 * What the kit's next period costs and when it is charged: the price in effect on its renewal date (`renewal_price`,
 * issue 47) or, from a server without it, the plan price. Null when the server sends neither.
 */
export function nextRenewal(kit: Kit): { price: number; date: string | null } | null {
  const price = kit.renewal_price ?? kit.plan_price;
  if (price === undefined || price === null) return null;
  return { price, date: kit.deadline ?? null };
}

/** The kit card's sentence: "Next renewal: NGN 57,000 on 3rd Apr 2026." and the price change to come, if any. */
export function renewalSentence(kit: Kit, change: PlanPrice['scheduled']): string | null {
  const next = nextRenewal(kit);
  if (!next) return null;
  const price = formatNaira(next.price);
  const first = next.date ? renewalPrice.nextRenewal(price, formatDate(next.date)) : renewalPrice.firstPeriod(price);
  // The server schedules changes to come only, so one that is there is always news, before or after the renewal date.
  return change ? `${first} ${renewalPrice.priceChangesFrom(formatNaira(change.amount), formatDate(change.from))}` : first;
}
