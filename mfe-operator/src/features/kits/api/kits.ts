import useSWR from 'swr';
import { useSWRMutation } from 'shared-api/data';
import { staffFetch, staffReader } from '../../../lib/staff-api';
import { useStaffSession } from '../../../lib/staff-session';
import type { Answer } from '../../../lib/wire';

export type KitsAnswer = Answer<'/api/v1/staff/kits', 'get'>;
export type KitUnderReview = KitsAnswer['kits'][number];

const PATH = '/api/v1/staff/kits';
const kitsKey = (token: string) => [PATH, token] as const;

export function useKitsUnderReview() {
  const session = useStaffSession();
  return useSWR<KitsAnswer>(session ? kitsKey(session.token) : null, staffReader, { refreshInterval: 30_000 });
}

/** Accept, or decline with the reason the customer reads; the list is read again after. */
export function useReviewKit() {
  const session = useStaffSession();
  return useSWRMutation(
    session ? kitsKey(session.token) : null,
    (_key, { arg }: { arg: { kitNumber: string; outcome: 'accepted' | 'declined'; reason?: string } }) =>
      staffFetch<Answer<'/api/v1/staff/kits/{kit_number}/review', 'post'>>(`${PATH}/${encodeURIComponent(arg.kitNumber)}/review`, {
        method: 'POST',
        body: { outcome: arg.outcome, ...(arg.reason ? { reason: arg.reason } : {}) },
      }),
  );
}
