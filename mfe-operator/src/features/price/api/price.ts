import useSWR from 'swr';
import { useSWRMutation } from 'shared-api/data';
import { StaffApiError, staffFetch, staffReader } from '../../../lib/staff-api';
import { useStaffSession } from '../../../lib/staff-session';
import type { Answer } from '../../../lib/wire';

export type Price = Answer<'/api/v1/staff/price', 'get'>;
export type PriceChange = Answer<'/api/v1/staff/price', 'put'>;

/** What the form sends: whole naira, the Lagos day it takes effect (none: now, forced only), and force. */
export interface PriceChangeRequest {
  plan_price: number;
  from?: string;
  force?: boolean;
}

const PATH = '/api/v1/staff/price';
const priceKey = (token: string) => [PATH, token] as const;

/** How far ahead a change must be announced unless forced (the API's PRICE_NOTICE_DAYS). */
export const PRICE_NOTICE_DAYS = 7;
const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;

/** The first Lagos day (YYYY-MM-DD) whose midnight is at least PRICE_NOTICE_DAYS after `now`, as the API counts it. */
export const earliestDay = (now = Date.now()): string =>
  new Date(Math.ceil((now + LAGOS_OFFSET_MS + PRICE_NOTICE_DAYS * DAY_MS) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** The Lagos day of an instant (a Lagos midnight is 23:00 UTC the day before), as a local Date for formatDate. */
export const lagosDay = (iso: string): Date => {
  const [y, m, d] = new Date(new Date(iso).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

/** The day the API named as the first that would do, when it refused a change as too soon. */
export const earliestFromOf = (error: unknown): string | null => {
  const value = error instanceof StaffApiError ? (error.data as { earliest_from?: unknown } | null)?.earliest_from : null;
  return typeof value === 'string' ? value : null;
};

export function usePrice() {
  const session = useStaffSession();
  return useSWR<Price>(session ? priceKey(session.token) : null, staffReader);
}

/**
 * Schedules a price (or changes it now, forced); the answer says what was done, not the price now and to come, so the
 * price is read again after.
 */
export function useSetPrice() {
  const session = useStaffSession();
  return useSWRMutation(
    session ? priceKey(session.token) : null,
    (_key, { arg }: { arg: PriceChangeRequest }) => staffFetch<PriceChange>(PATH, { method: 'PUT', body: arg }),
    { populateCache: false, revalidate: true },
  );
}
