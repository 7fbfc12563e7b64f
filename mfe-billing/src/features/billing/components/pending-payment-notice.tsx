import { Button, Card } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { PaymentReference } from 'shared-ui/payment';
import type { ActivePayment } from '../../funding/hooks/use-pending-payment';

export type PendingPaymentNoticeProps = { payment: ActivePayment; onView: () => void };

export function PendingPaymentNotice({ payment, onView }: PendingPaymentNoticeProps) {
  return (
    <Card aria-labelledby="pending-payment-heading">
      <h2 id="pending-payment-heading" style={{ marginTop: 0, fontSize: '1.1rem' }}>
        Payment in progress
      </h2>
      <p>Transfer {formatNaira(payment.amount)} with this reference, then confirm it:</p>
      <p>
        <strong>
          <PaymentReference reference={payment.reference} />
        </strong>
      </p>
      <Button variant="secondary" onClick={onView}>
        View payment details
      </Button>
    </Card>
  );
}
