import { useEffect, useRef, useState } from 'react';
import { sessionStore, useSession, type WalletFunding } from 'shared-api';
import { asksToResumePayment } from 'shared-api/customer';
import { useLocation } from 'shared-ui/router';
import { usePendingPayment } from '../../funding/hooks/use-pending-payment';

/**
 * A reload during payment loses nothing: a payment kept in the session store opens its Payment Details until the customer
 * closes them ("Pay later" means later: after that only the page's "Payment in progress" card offers them, on every
 * later load); a link that asks for them (home's "payment in progress") opens them each
 * time. Once the history shows that funding as past `pending`, the kept payment is finished and forgotten.
 */
export function usePendingPaymentOffer(fundings: WalletFunding[] | null, fundingsSettled: boolean) {
  const pending = usePendingPayment();
  const [open, setOpen] = useState(false);
  const pendingId = pending?.fundingId ?? null;
  const closedFor = useSession((s) => s.paymentClosedFor);
  // Only a payment that was already waiting when the page opened: one started here has its own dialog open.
  const waitingOnArrival = useRef(pendingId);
  const location = useLocation();
  const askedOnArrival = useRef(asksToResumePayment(location.state));

  useEffect(() => {
    if (!pendingId || !fundingsSettled) return;
    const known = fundings?.find((f) => String(f.id) === pendingId);
    if (known && known.status !== 'pending') {
      sessionStore.getState().clearPayment();
      return;
    }
    if (pendingId === waitingOnArrival.current && (askedOnArrival.current || closedFor !== pendingId)) {
      askedOnArrival.current = false;
      setOpen(true);
    }
  }, [pendingId, closedFor, fundings, fundingsSettled]);

  return { pending, open: open && pending !== null, show: () => setOpen(true), hide: () => setOpen(false) };
}
