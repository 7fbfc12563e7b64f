import { sessionStore } from 'shared-api';
import { Button } from 'shared-ui';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { useConfirmPayment } from '../hooks/use-confirm-payment';
import { usePendingPayment } from '../hooks/use-pending-payment';
import { PaymentDetails } from './payment-details';

export type PaymentDetailsDialogProps = { open: boolean; onClose: () => void };

/** The payment in progress, read from the session store so it survives a reload. */
export function PaymentDetailsDialog({ open, onClose }: PaymentDetailsDialogProps) {
  const payment = usePendingPayment();
  const { confirm, busy } = useConfirmPayment();
  // Closed ("Pay later", Close, Escape): /billing does not open it by itself for this funding again.
  const close = () => {
    if (payment) sessionStore.getState().markPaymentClosed(payment.fundingId);
    onClose();
  };

  const handleConfirm = async () => {
    if (payment && (await confirm(payment.fundingId))) onClose();
  };

  return (
    // Read before anything in it is pressed: the title takes the focus, not Close.
    <Dialog open={open} title="Payment Details" onClose={close} preventClose={busy} initialFocus="title">
      {payment ? (
        <PaymentDetails payment={payment} confirming={busy} onConfirm={handleConfirm} onLater={close} />
      ) : (
        <>
          <p>There is no payment waiting for confirmation.</p>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
