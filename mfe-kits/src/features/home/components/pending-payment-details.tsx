import { paths, type PendingPayment } from 'shared-api';
import { resumePaymentState } from 'shared-api/customer';
import { Card } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { PaymentReference } from 'shared-ui/payment';
import { ButtonLink, SectionTitle } from '../../../components/styles';

export type PendingPaymentDetailsProps = { amount: PendingPayment['amount']; reference: string };

/** A funding started but not yet confirmed: its amount and reference, and the way back to its Payment Details. */
export function PendingPaymentDetails({ amount, reference }: PendingPaymentDetailsProps) {
  return (
    <Card aria-labelledby="pending-payment-title">
      <SectionTitle id="pending-payment-title">Payment in progress</SectionTitle>
      <p style={{ marginTop: 0 }}>
        Transfer <strong>{formatNaira(amount)}</strong> with this reference, then confirm it:
      </p>
      <p>
        <strong>
          <PaymentReference reference={reference} />
        </strong>
      </p>
      <ButtonLink to={paths.billing} state={resumePaymentState}>
        Open payment details
      </ButtonLink>
    </Card>
  );
}
