import useSWR from 'swr';
import { useSWRMutation } from 'shared-api/data';
import { staffFetch, staffReader } from '../../../lib/staff-api';
import { useStaffSession } from '../../../lib/staff-session';
import type { Answer } from '../../../lib/wire';

export type Price = Answer<'/api/v1/staff/price', 'get'>;

const PATH = '/api/v1/staff/price';
const priceKey = (token: string) => [PATH, token] as const;

export function usePrice() {
  const session = useStaffSession();
  return useSWR<Price>(session ? priceKey(session.token) : null, staffReader);
}

/** Sets the price; the answer is the new price, put in the cache without a second read. */
export function useSetPrice() {
  const session = useStaffSession();
  return useSWRMutation(
    session ? priceKey(session.token) : null,
    (_key, { arg: planPrice }: { arg: number }) => staffFetch<Price>(PATH, { method: 'PUT', body: { plan_price: planPrice } }),
    { populateCache: true, revalidate: false },
  );
}
