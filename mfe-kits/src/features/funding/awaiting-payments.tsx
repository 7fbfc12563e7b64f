import styled from 'styled-components';
import { paymentsAwaitingTitle } from 'shared-api/texts';
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
