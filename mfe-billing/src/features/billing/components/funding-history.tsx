import { useMemo } from 'react';
import styled from 'styled-components';
import { useReachable, type WalletFunding } from 'shared-api';
import { paymentsUnavailable } from 'shared-api/texts';
import { OfflineNote } from 'shared-ui/network';
import { Card, SpreadRow, VisuallyHidden } from 'shared-ui';
import { Skeleton } from 'shared-ui/skeleton';
import { Pagination, RowsPerPageSelect } from 'shared-ui/pagination';
import { awaitsConfirmation } from '../../../lib/funding-status';
import { useConfirmFunding } from '../hooks/use-confirm-funding';
import { usePagedRows } from '../hooks/use-paged-rows';
import { FundingTable } from './funding-table';

export type FundingHistoryProps = {
  fundings: WalletFunding[] | null;
  loading: boolean;
  failed: boolean;
};

const Toolbar = SpreadRow;

const Rows = styled.div`
  display: grid;
  gap: 8px;
  margin-top: 16px;
`;

function newestFirst(fundings: readonly WalletFunding[]): WalletFunding[] {
  const time = (f: WalletFunding) => {
    const t = new Date(f.created_at).getTime();
    return Number.isNaN(t) ? 0 : t;
  };
  return [...fundings].sort((a, b) => time(b) - time(a));
}

export function FundingHistory({ fundings, loading, failed }: FundingHistoryProps) {
  const rows = useMemo(() => newestFirst(fundings ?? []), [fundings]);
  const { page, setPage, totalPages, pageRows, rowsPerPage, setRowsPerPage } = usePagedRows(rows);
  const { confirm, isBusy } = useConfirmFunding();
  // Confirming goes to the API: offline or with the service down, each Confirm is disabled and says why below.
  const reach = useReachable();
  const unavailable = reach.reachable ? undefined : 'confirm-funding-unavailable';

  return (
    <Card id="history" tabIndex={-1} aria-labelledby="history-heading" style={{ outline: 'none' }}>
      <Toolbar>
        <h2 id="history-heading" style={{ margin: 0, fontSize: '1.1rem' }}>
          Transaction history
        </h2>
        <RowsPerPageSelect value={rowsPerPage} onChange={setRowsPerPage} />
      </Toolbar>
      {loading ? (
        // Rows where the table's will be: the card grows into its table rather than jumping from a spinner's line.
        <Rows>
          <VisuallyHidden role="status">Loading transaction history…</VisuallyHidden>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} $height={44} />
          ))}
        </Rows>
      ) : failed && !fundings ? (
        <p>Transaction history is unavailable right now.</p>
      ) : (
        <>
          <FundingTable
            fundings={pageRows}
            totalCount={rows.length}
            onConfirm={confirm}
            isConfirming={isBusy}
            unavailableNoteId={unavailable}
          />
          {unavailable && rows.some((f) => awaitsConfirmation(f.status)) && (
            <OfflineNote id={unavailable}>{paymentsUnavailable(reach)}</OfflineNote>
          )}
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Transaction history pages" />
        </>
      )}
    </Card>
  );
}
