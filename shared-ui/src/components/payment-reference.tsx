import styled from 'styled-components';
import { CopyButton } from './copy-button';

export type PaymentReferenceProps = { reference: string };

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  max-width: 100%;
`;

/**
 * The reference is typed into a banking app character by character: one line, never split (at 200% text the Copy
 * button moves under it instead), and scrolled rather than cut if a screen is narrower still.
 */
const Value = styled.span`
  white-space: nowrap;
  overflow-x: auto;
  max-width: 100%;
  font-variant-numeric: tabular-nums;
`;

/** A funding's reference with a Copy button, wherever a payment in progress is shown. */
export function PaymentReference({ reference }: PaymentReferenceProps) {
  return (
    <Row>
      <Value data-testid="payment-reference">{reference}</Value>
      <CopyButton
        value={reference}
        label="Copy reference"
        copiedMessage="Reference copied to clipboard!"
        failedMessage="Failed to copy reference."
      />
    </Row>
  );
}
