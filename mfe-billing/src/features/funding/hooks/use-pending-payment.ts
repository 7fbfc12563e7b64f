import { useSession, type PendingPayment } from 'shared-api';

export type ActivePayment = PendingPayment & { fundingId: string; reference: string };

/** The funding the customer has started but not yet confirmed, if any (kept across reloads). */
export function usePendingPayment(): ActivePayment | null {
  const payment = useSession((s) => s.payment);
  return payment.fundingId && payment.reference ? (payment as ActivePayment) : null;
}
