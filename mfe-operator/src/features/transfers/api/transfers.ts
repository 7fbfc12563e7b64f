import useSWR from 'swr';
import { useSWRMutation } from 'shared-api/data';
import { staffFetch, staffReader } from '../../../lib/staff-api';
import { useStaffSession } from '../../../lib/staff-session';
import type { Answer } from '../../../lib/wire';

export type TransfersAnswer = Answer<'/api/v1/staff/transfers', 'get'>;
export type Transfer = TransfersAnswer['transfers'][number];
export type Decision = Answer<'/api/v1/staff/transfers/{reference}/approve', 'post'>;

const PATH = '/api/v1/staff/transfers';
/** The list's key, with the session's token: another member's session never reads this one's. */
const transfersKey = (token: string) => [PATH, token] as const;

/** Transfers awaiting approval, read again every 30 s while the page is open (other members decide too). */
export function useTransfers() {
  const session = useStaffSession();
  return useSWR<TransfersAnswer>(session ? transfersKey(session.token) : null, staffReader, { refreshInterval: 30_000 });
}

const decisionPath = (reference: string, action: 'approve' | 'decline') => `${PATH}/${encodeURIComponent(reference)}/${action}`;

/** Approve (or confirm another's approval); the list is read again after. */
export function useApproveTransfer() {
  const session = useStaffSession();
  return useSWRMutation(session ? transfersKey(session.token) : null, (_key, { arg: reference }: { arg: string }) =>
    staffFetch<Decision>(decisionPath(reference, 'approve'), { method: 'POST' }),
  );
}

export function useDeclineTransfer() {
  const session = useStaffSession();
  return useSWRMutation(session ? transfersKey(session.token) : null, (_key, { arg }: { arg: { reference: string; reason: string } }) =>
    staffFetch<Decision>(decisionPath(arg.reference, 'decline'), { method: 'POST', body: { reason: arg.reason } }),
  );
}
