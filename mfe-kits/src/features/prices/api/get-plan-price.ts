import { amountOf, http } from 'shared-api';
import type { paths } from 'shared-api/api-schema';
import { useData } from 'shared-api/data';

type PlanPriceWire = paths['/api/v1/plan_price']['get']['responses'][200]['content']['application/json'];

/** The plan price now and the change to come, if one is scheduled (`from`: the day it takes effect). */
export type PlanPrice = { amount: number; scheduled: { amount: number; from: string } | null };

/** Beyond spec section 7 (issue 47); rejects with an ApiError, a 404 being a server without price changes. */
export function getPlanPrice(): Promise<PlanPrice> {
  return http.get<PlanPriceWire>('/api/v1/plan_price').then(({ data }) => ({
    amount: amountOf(data.amount),
    scheduled: data.scheduled ? { amount: amountOf(data.scheduled.amount), from: data.scheduled.from } : null,
  }));
}

export const planPriceKey = ['plan-price'] as const;

/** The scheduled price change, or null: none, still loading, or a server without the call (the line is left out). */
export function usePriceChange(): PlanPrice['scheduled'] {
  return useData(planPriceKey, getPlanPrice).data?.scheduled ?? null;
}
