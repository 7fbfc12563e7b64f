import { useEffect, useState } from 'react';
import { firstUse, sessionStore, useSession } from 'shared-api';
import { useHydrated } from 'shared-ui';

/** The card's code, downloaded only for a customer with a payment under way: most visits to /home have none. */
const detailsCode = firstUse(() => import(/* webpackChunkName: "pending-payment" */ './pending-payment-details'));
// A payment kept from an earlier visit: its code starts now, beside the page's first reads, so the card comes with them.
if (sessionStore.getState().payment.fundingId) detailsCode.warm();

/**
 * A funding started but not yet confirmed (kept under the spec's payment keys across reloads): its amount and
 * reference, and the way back to its Payment Details on /billing (a failed download leaves it to /billing).
 */
export function PendingPaymentCard() {
  const payment = useSession((s) => s.payment);
  // The payment is kept in this browser only: a render made ahead of time has none.
  const hydrated = useHydrated();
  const shown = hydrated && Boolean(payment.fundingId && payment.reference);
  const [code, setCode] = useState(() => detailsCode.current());
  useEffect(() => {
    if (shown && !code) detailsCode.load().then(setCode, () => undefined);
  }, [shown, code]);
  if (!shown || !code) return null;
  return <code.PendingPaymentDetails amount={payment.amount} reference={payment.reference!} />;
}
