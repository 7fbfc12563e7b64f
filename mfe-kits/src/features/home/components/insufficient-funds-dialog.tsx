import { Button } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { AwaitingPaymentLines } from '../../funding/awaiting-payments';

export type InsufficientFundsDialogProps = {
  open: boolean;
  /** The server's error, shown as it was sent. */
  message: string;
  amountDue: number;
  onFund: () => void;
  /** While billing's Fund Account dialog is on its way. */
  fundBusy?: boolean;
  onCancel: () => void;
};

export function InsufficientFundsDialog({
  open,
  message,
  amountDue,
  onFund,
  fundBusy = false,
  onCancel,
}: InsufficientFundsDialogProps) {
  return (
    <Dialog open={open} title="Insufficient Funds" onClose={onCancel}>
      <p>{message}</p>
      <p>
        <strong>Amount due: {formatNaira(amountDue)}</strong>
      </p>
      <AwaitingPaymentLines />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {/* What the customer came to do next: focus starts here, not on Close. */}
        <Button onClick={onFund} busy={fundBusy} data-autofocus>
          Fund Account
        </Button>
      </DialogActions>
    </Dialog>
  );
}
