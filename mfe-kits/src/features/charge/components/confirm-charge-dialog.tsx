import { Button, HintText } from 'shared-ui';
import { OfflineNote } from 'shared-ui/network';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { formatDate, formatNaira } from 'shared-ui/format';
import { DetailList } from '../../../components/styles';
import { newMessages } from '../../../lib/texts';
import { useConnection } from '../../../lib/use-connection';
import { usePriceChange } from '../../prices/api/get-plan-price';
import type { ChargeQuote } from '../api/get-charge-quote';
import { QuoteTerms } from './quote-terms';

export type ConfirmChargeDialogProps = {
  kitNumber: string;
  quote: ChargeQuote;
  /** The price confirmed before was not the price any more: this says so above the new one. */
  priceChanged?: string | null;
  /** While the charge is on its way: Pay is busy, and Escape and the backdrop do not abandon it. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The price and the wallet after it, shown before anything is charged; only Pay charges. */
export function ConfirmChargeDialog({ kitNumber, quote, priceChanged = null, busy, onConfirm, onCancel }: ConfirmChargeDialogProps) {
  const texts = newMessages.confirm;
  const amount = formatNaira(quote.amount);
  // The charge always goes to the API: offline or while it cannot be reached, Pay says why it cannot be used.
  const { usable, paymentsReason } = useConnection();
  // The next period is charged the price in effect on its first day (the end of this one).
  const change = usePriceChange();
  const nextPrice = change && new Date(change.from).getTime() <= new Date(quote.period_end).getTime() ? change.amount : quote.amount;
  return (
    <Dialog open title={texts.title(quote.action, kitNumber)} onClose={onCancel} preventClose={busy} description={texts.lead}>
      {priceChanged && (
        <p role="alert">
          <strong>{priceChanged}</strong>
        </p>
      )}
      <DetailList>
        <QuoteTerms quote={quote} />
        <dt>{texts.balance}</dt>
        <dd>{formatNaira(quote.balance)}</dd>
        <dt>{texts.balanceAfter}</dt>
        <dd>{formatNaira(quote.balance_after ?? quote.balance - quote.amount)}</dd>
        <dt>{newMessages.nextRenewal}</dt>
        <dd>{newMessages.nextRenewalOn(formatDate(quote.period_end), formatNaira(nextPrice))}</dd>
      </DetailList>
      {change && <HintText>{newMessages.priceChangesFrom(formatNaira(change.amount), formatDate(change.from))}</HintText>}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button
          onClick={onConfirm}
          busy={busy}
          disabled={!usable}
          aria-describedby={usable ? undefined : 'pay-offline'}
        >
          {texts.pay(amount)}
        </Button>
      </DialogActions>
      {paymentsReason && <OfflineNote id="pay-offline">{paymentsReason}</OfflineNote>}
    </Dialog>
  );
}
