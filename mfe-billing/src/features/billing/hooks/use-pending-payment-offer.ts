import { useEffect, useRef, useState } from 'react';
import { sessionStore, type WalletFunding } from 'shared-api';
import { asksToResumePayment } from 'shared-api/customer';
import { useLocation } from 'shared-ui/router';
import { usePendingPayment } from '../../funding/hooks/use-pending-payment';

// Per page load, not per visit: after a reload the customer is offered the payment again, but closing it
// and coming back to /billing within the same load leaves only the notice.
const offered = new Set<string>();

/**
 * A reload during payment loses nothing: a payment kept in the session store reopens its Payment Details, as does a
 * link that asks for it (home's "payment in progress"). Once the history shows that funding as past `pending`, the
 * kept payment is finished and forgotten.
 */
export function usePendingPaymentOffer(fundings: WalletFunding[] | null, fundingsSettled: boolean) {
  const pending = usePendingPayment();
  const [open, setOpen] = useState(false);
  const pendingId = pending?.fundingId ?? null;
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
    if (pendingId === waitingOnArrival.current && (askedOnArrival.current || !offered.has(pendingId))) {
      askedOnArrival.current = false;
      offered.add(pendingId);
      setOpen(true);
    }
  }, [pendingId, fundings, fundingsSettled]);

  return { pending, open: open && pending !== null, show: () => setOpen(true), hide: () => setOpen(false) };
}
