import { useState } from 'react';
import type { Id, KitRenewal } from 'shared-api';
import { Button, Card, Spinner, SpreadRow, VisuallyHidden } from 'shared-ui';
import { StackedTable } from 'shared-ui/table';
import { formatDate, formatNaira } from 'shared-ui/format';
import { Pagination, RowsPerPageSelect } from 'shared-ui/pagination';
import { Muted, SectionTitle } from '../../../components/styles';

export type RenewalHistoryProps = {
  renewals: KitRenewal[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  downloadingIds: ReadonlySet<string>;
  onDownload: (id: Id) => void;
};

const Footer = SpreadRow;

export function RenewalHistory({
  renewals,
  loading,
  failed,
  onRetry,
  downloadingIds,
  onDownload,
}: RenewalHistoryProps) {
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const [page, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil(renewals.length / rowsPerPage));
  const currentPage = Math.min(page, totalPages);
  const rows = renewals.slice((currentPage - 1) * rowsPerPage, currentPage * rowsPerPage);

  let body;
  if (loading && renewals.length === 0) body = <Spinner label="Loading renewal history…" />;
  else if (failed && renewals.length === 0)
    body = (
      <p>
        We couldn&apos;t load the renewal history.{' '}
        <Button variant="link" onClick={onRetry}>
          Try again
        </Button>
      </p>
    );
  else if (renewals.length === 0) body = <Muted>No renewals yet. Invoices and receipts will appear here.</Muted>;
  else
    body = (
      <>
        <StackedTable>
          <table>
            <VisuallyHidden as="caption">Renewals, newest first</VisuallyHidden>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Period</th>
                <th scope="col">Deadline</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((renewal) => (
                <tr key={renewal.id}>
                  <td data-label="Date">{formatDate(renewal.created_at)}</td>
                  <td data-label="Period">
                    {formatDate(renewal.start_date)} – {formatDate(renewal.end_date)}
                  </td>
                  <td data-label="Deadline">{formatDate(renewal.deadline)}</td>
                  <td data-label="Amount">{formatNaira(renewal.amount)}</td>
                  <td data-label="Status">{renewal.status}</td>
                  <td data-label="PDF">
                    <Button
                      variant="secondary"
                      busy={downloadingIds.has(String(renewal.id))}
                      onClick={() => onDownload(renewal.id)}
                    >
                      Download PDF
                      <VisuallyHidden>
                        {' '}
                        of {renewal.status} {renewal.id}
                      </VisuallyHidden>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </StackedTable>
        <Footer>
          <RowsPerPageSelect
            value={rowsPerPage}
            onChange={(rows) => {
              setRowsPerPage(rows);
              setPage(1);
            }}
          />
          <Pagination page={currentPage} totalPages={totalPages} onPageChange={setPage} label="Renewal history pages" />
        </Footer>
      </>
    );

  return (
    <Card aria-labelledby="renewal-history-title">
      <SectionTitle id="renewal-history-title">Renewal history</SectionTitle>
      {body}
    </Card>
  );
}
