import { paths, useSession } from 'shared-api';
import { resumePaymentState } from 'shared-api/customer';
import { Card, useHydrated } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { PaymentReference } from 'shared-ui/payment';
import { ButtonLink, SectionTitle } from '../../../components/styles';

/**
 * A funding started but not yet confirmed (kept under the spec's payment keys across reloads): its amount and
 * reference, and the way back to its Payment Details on /billing.
 */
export function PendingPaymentCard() {
  const payment = useSession((s) => s.payment);
  // The payment is kept in this browser only: a render made ahead of time has none.
  const hydrated = useHydrated();
  if (!hydrated || !payment.fundingId || !payment.reference) return null;
  return (
    <Card aria-labelledby="pending-payment-title">
      <SectionTitle id="pending-payment-title">Payment in progress</SectionTitle>
      <p style={{ marginTop: 0 }}>
        Transfer <strong>{formatNaira(payment.amount)}</strong> with this reference, then confirm it:
      </p>
      <p>
        <strong>
          <PaymentReference reference={payment.reference} />
        </strong>
      </p>
      <ButtonLink to={paths.billing} state={resumePaymentState}>
        Open payment details
      </ButtonLink>
    </Card>
  );
}
