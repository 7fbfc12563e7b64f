import styled from 'styled-components';
import type { Id, WalletFunding } from 'shared-api';
import { Button, VisuallyHidden } from 'shared-ui';
import { StatusBadge } from 'shared-ui/status-badge';
import { StackedTable } from 'shared-ui/table';
import { formatDate, formatNaira } from 'shared-ui/format';
import {
  awaitsConfirmation,
  fundingStatusLabel,
  fundingStatusTone,
  paymentMethodLabel,
} from '../../../lib/funding-status';

export type FundingTableProps = {
  fundings: readonly WalletFunding[];
  totalCount: number;
  onConfirm: (id: Id) => void;
  isConfirming: (id: Id) => boolean;
  /** While confirming cannot reach the API: the id of the note saying why, and each Confirm is disabled. */
  unavailableNoteId?: string;
};

/** Focused after a page change (tabIndex -1), so the outline would only flash. */
const Wrapper = styled(StackedTable)`
  &:focus {
    outline: none;
  }
`;

export function FundingTable({ fundings, totalCount, onConfirm, isConfirming, unavailableNoteId }: FundingTableProps) {
  return (
    <Wrapper id="billing-table" tabIndex={-1}>
      <table>
        <caption>Wallet fundings{totalCount > 0 ? ` (${totalCount})` : ''}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Date</th>
            <th scope="col">Amount</th>
            <th scope="col">Method</th>
            <th scope="col">Status</th>
            <th scope="col">
              <VisuallyHidden>Action</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {fundings.length === 0 ? (
            <tr>
              <td colSpan={6}>No fundings yet. Fund your wallet to see them here.</td>
            </tr>
          ) : (
            fundings.map((funding) => (
              <tr key={String(funding.id)}>
                <th scope="row" data-label="Reference">
                  {funding.reference || '—'}
                </th>
                <td data-label="Date">{formatDate(funding.created_at)}</td>
                <td data-label="Amount">{formatNaira(funding.amount)}</td>
                <td data-label="Method">{paymentMethodLabel(funding.payment_method)}</td>
                <td data-label="Status">
                  <StatusBadge $tone={fundingStatusTone(funding.status)}>
                    {fundingStatusLabel(funding.status)}
                  </StatusBadge>
                </td>
                <td data-label="Action">
                  {awaitsConfirmation(funding.status) && (
                    <Button
                      variant="secondary"
                      busy={isConfirming(funding.id)}
                      disabled={unavailableNoteId !== undefined}
                      aria-describedby={unavailableNoteId}
                      onClick={() => onConfirm(funding.id)}
                      style={{ minHeight: 36, padding: '4px 14px' }}
                    >
                      Confirm<VisuallyHidden> payment {funding.reference}</VisuallyHidden>
                    </Button>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </Wrapper>
  );
}
