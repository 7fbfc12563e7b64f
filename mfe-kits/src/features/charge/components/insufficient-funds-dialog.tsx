import { Button } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { DetailList } from '../../../components/styles';
import { newMessages } from '../../../lib/texts';
import { AwaitingPaymentLines } from '../../funding/awaiting-payments';
import type { ChargeQuote } from '../api/get-charge-quote';
import { useAwaitingCover } from '../awaiting-cover';
import { QuoteTerms } from './quote-terms';

export type InsufficientFundsDialogProps = {
  open: boolean;
  /** The server's error, shown as it was sent. */
  message: string;
  amountDue: number;
  /** The price quote that found the wallet short, when the server has one: what is paid, for when, from what. */
  quote?: ChargeQuote | null;
  /** Opens Fund Account for the amount due (billing offers it less what was already sent). */
  onFund: () => void;
  /** While billing's Fund Account dialog is on its way. */
  fundBusy?: boolean;
  onCancel: () => void;
};

/**
 * Spec section 8's dialog (the server's error, "Amount due", Fund Account and Cancel), for Activate and Renew alike.
 * When transfers awaiting confirmation already cover the amount due it says so first, and waiting (Cancel) is the
 * focused, primary action, so nobody pays twice.
 */
export function InsufficientFundsDialog({ open, message, amountDue, quote, onFund, fundBusy = false, onCancel }: InsufficientFundsDialogProps) {
  const cover = useAwaitingCover(amountDue);
  const texts = newMessages.short;
  return (
    <Dialog open={open} title="Insufficient Funds" onClose={onCancel}>
      {cover.sentence && (
        <p id="no-need-to-pay-again">
          <strong>{cover.sentence}</strong>
        </p>
      )}
      <p>{message}</p>
      {quote && (
        <DetailList>
          <QuoteTerms quote={quote} />
          <dt>{texts.balance}</dt>
          <dd>{formatNaira(quote.balance)}</dd>
        </DetailList>
      )}
      <p>
        <strong>Amount due: {formatNaira(amountDue)}</strong>
      </p>
      {!cover.covers && <AwaitingPaymentLines />}
      <DialogActions>
        {cover.covers ? (
          <>
            <Button variant="secondary" onClick={onFund} busy={fundBusy}>
              Fund Account
            </Button>
            {/* The money is on its way: waiting is what to do, so focus starts here. */}
            <Button onClick={onCancel} data-autofocus aria-describedby="no-need-to-pay-again">
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            {/* What the customer came to do next: focus starts here, not on Close. */}
            <Button onClick={onFund} busy={fundBusy} data-autofocus>
              Fund Account
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
