import { useOnline } from 'shared-api';
import { paymentsNeedConnection } from 'shared-api/texts';
import { Button } from 'shared-ui';
import { OfflineNote } from 'shared-ui/network';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { formatDate, formatNaira } from 'shared-ui/format';
import { DetailList } from '../../../components/styles';
import { newMessages } from '../../../lib/texts';
import type { ChargeQuote } from '../api/get-charge-quote';

export type ConfirmChargeDialogProps = {
  kitNumber: string;
  quote: ChargeQuote;
  /** While the charge is on its way: Pay is busy, and Escape and the backdrop do not abandon it. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The price and the wallet after it, shown before anything is charged; only Pay charges. */
export function ConfirmChargeDialog({ kitNumber, quote, busy, onConfirm, onCancel }: ConfirmChargeDialogProps) {
  const texts = newMessages.confirm;
  const amount = formatNaira(quote.amount);
  // The charge always goes to the API: offline, Pay says why it cannot be used.
  const online = useOnline();
  return (
    <Dialog open title={texts.title(quote.action, kitNumber)} onClose={onCancel} preventClose={busy} description={texts.lead}>
      <DetailList>
        <dt>{texts.amount}</dt>
        <dd>{amount}</dd>
        <dt>{texts.period}</dt>
        <dd>
          {formatDate(quote.period_start)} – {formatDate(quote.period_end)}
        </dd>
        <dt>{texts.balance}</dt>
        <dd>{formatNaira(quote.balance)}</dd>
        <dt>{texts.balanceAfter}</dt>
        <dd>{formatNaira(quote.balance_after ?? quote.balance - quote.amount)}</dd>
      </DetailList>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button
          onClick={onConfirm}
          busy={busy}
          disabled={!online}
          aria-describedby={online ? undefined : 'pay-offline'}
        >
          {texts.pay(amount)}
        </Button>
      </DialogActions>
      {!online && <OfflineNote id="pay-offline">{paymentsNeedConnection}</OfflineNote>}
    </Dialog>
  );
}
