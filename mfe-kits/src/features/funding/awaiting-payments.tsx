import styled from 'styled-components';
import { paymentsAwaitingTitle } from 'shared-api/texts';
import { paymentsAwaitingNext } from '../../lib/texts';
import { Card, HintText } from 'shared-ui';
import { SectionTitle } from '../../components/styles';
import { useAwaitingPayments } from 'shared-ui/awaiting-payments';

const Lines = styled.ul`
  margin: 0 0 8px;
  padding: 0;
  list-style: none;
  font-weight: 600;
`;

/** The transfers awaiting confirmation as lines, where money is asked for (Insufficient Funds); nothing if none. */
export function AwaitingPaymentLines() {
  const lines = useAwaitingPayments();
  if (lines.length === 0) return null;
  return (
    <Lines aria-label={paymentsAwaitingTitle}>
      {lines.map((line) => (
        <li key={line.key}>{line.text}</li>
      ))}
    </Lines>
  );
}

/** /home: the transfers awaiting confirmation, and that nothing more needs paying for them. */
export function AwaitingPaymentsCard() {
  const lines = useAwaitingPayments();
  if (lines.length === 0) return null;
  return (
    <Card aria-labelledby="awaiting-payments-title">
      <SectionTitle id="awaiting-payments-title">{paymentsAwaitingTitle}</SectionTitle>
      <Lines>
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </Lines>
      <HintText>{paymentsAwaitingNext}</HintText>
    </Card>
  );
}
