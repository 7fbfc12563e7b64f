import type { ReactNode } from 'react';
import styled from 'styled-components';
import { getRuntimeConfig, useReachable } from 'shared-api';
import { paymentsUnavailable } from 'shared-api/texts';
import { OfflineNote } from 'shared-ui/network';
import { Button, theme } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { DialogActions } from 'shared-ui/dialog';
import { PaymentReference } from 'shared-ui/payment';
import type { ActivePayment } from '../hooks/use-pending-payment';
import { CopyAccountNumber } from './copy-account-number';

export type PaymentDetailsProps = {
  payment: ActivePayment;
  confirming: boolean;
  onConfirm: () => void;
  onLater: () => void;
};

const Details = styled.dl`
  margin: 0;
  display: grid;
  gap: 10px;
  div {
    display: grid;
    gap: 2px;
  }
  dt {
    color: ${theme.colors.muted};
    font-size: 0.9rem;
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
    display: flex;
    align-items: center;
    gap: 8px;
    flex-wrap: wrap;
  }
`;

const Reference = styled.div`
  background: #fff8e6;
  border: 1px solid ${theme.colors.warning};
  border-radius: ${theme.radius};
  padding: 10px 12px;
  dd {
    font-size: 1.15rem;
    letter-spacing: 0.02em;
  }
`;

/**
 * The answer stays in sight at the panel's foot while the details scroll above it: on a 360 x 740 phone they are
 * taller than the screen.
 */
const Actions = styled(DialogActions)`
  position: sticky;
  /* The dialog panel's padding: the bar sits on the panel's edge, the details scrolling out of sight behind it. */
  bottom: -20px;
  margin: 16px -20px -20px;
  padding: 12px 20px 20px;
  background: ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.border};
`;

/** One term of the details and what it stands for. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Where to send the money (spec section 9): the runtime config's bank account and the funding's reference. */
export function PaymentDetails({ payment, confirming, onConfirm, onLater }: PaymentDetailsProps) {
  // Confirming always goes to the API: offline or with the service down, the button says why it cannot be used.
  const reach = useReachable();
  const { bank } = getRuntimeConfig();
  const amount = formatNaira(payment.amount);
  return (
    <>
      <p style={{ marginTop: 0 }}>
        Make a bank transfer of <strong>{amount}</strong> to the account below, then tell us you have paid.
      </p>
      <Details>
        <Detail term="Amount">{amount}</Detail>
        <Reference>
          <dt>Reference (include it in your transfer description)</dt>
          <dd>
            <PaymentReference reference={payment.reference} />
          </dd>
        </Reference>
        <Detail term="Bank name">{bank.bankName}</Detail>
        <Detail term="Account number">
          <span>{bank.accountNumber}</span>
          <CopyAccountNumber accountNumber={bank.accountNumber} />
        </Detail>
        <Detail term="Account name">{bank.accountName}</Detail>
      </Details>
      <p>Without the reference we cannot match your transfer to your wallet.</p>
      <Actions>
        <Button variant="secondary" onClick={onLater} disabled={confirming}>
          Pay later
        </Button>
        <Button
          onClick={onConfirm}
          busy={confirming}
          disabled={!reach.reachable}
          aria-describedby={reach.reachable ? undefined : 'confirm-payment-offline'}
        >
          I have made the payment
        </Button>
      </Actions>
      {!reach.reachable && <OfflineNote id="confirm-payment-offline">{paymentsUnavailable(reach)}</OfflineNote>}
    </>
  );
}
