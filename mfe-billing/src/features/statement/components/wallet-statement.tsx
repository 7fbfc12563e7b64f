import { useState } from 'react';
import { Button, Card, SpreadRow, VisuallyHidden } from 'shared-ui';
import { formatDate, formatNaira } from 'shared-ui/format';
import { Pagination, RowsPerPageSelect, type RowsPerPage } from 'shared-ui/pagination';
import { Skeleton } from 'shared-ui/skeleton';
import { StackedTable } from 'shared-ui/table';
import { newMessages } from '../../../lib/texts';
import type { StatementLine } from '../api/get-statement';
import { useStatement } from '../hooks/use-statement';
import { StatementDownload } from './statement-download';

export type WalletStatementProps = {
  /** The wallet balance: when it changes, money moved and the statement is read again. */
  balance: number | undefined;
};

const Toolbar = SpreadRow;

const texts = newMessages.statement;

function describe(line: StatementLine): string {
  return line.kind === 'funding' ? texts.kinds.funding(line.reference) : texts.kinds[line.kind](line.kit_number);
}

/** A credit reads with +, a debit with −, so the direction never depends on colour. */
function signed(amount: number): string {
  return `${amount < 0 ? '−' : '+'}${formatNaira(Math.abs(amount))}`;
}

/** Every credit and debit of the wallet with the balance after each (beyond the spec); absent on a server without it. */
export function WalletStatement({ balance }: WalletStatementProps) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<RowsPerPage>(10);
  const { state, retry } = useStatement(page, perPage, balance);
  if (state.kind === 'absent') return null;
  const data = state.data;

  return (
    <Card aria-labelledby="statement-heading">
      <Toolbar>
        <h2 id="statement-heading" style={{ margin: 0, fontSize: '1.1rem' }}>
          {texts.title}
        </h2>
        <RowsPerPageSelect
          value={perPage}
          onChange={(rows) => {
            setPerPage(rows);
            setPage(1);
          }}
        />
      </Toolbar>
      {state.kind === 'failed' && !data ? (
        <div role="alert">
          <p>{texts.unavailable}</p>
          <Button variant="secondary" onClick={retry}>
            {texts.retry}
          </Button>
        </div>
      ) : !data ? (
        <div style={{ display: 'grid', gap: 8, marginTop: 16 }}>
          <VisuallyHidden role="status">{texts.loading}</VisuallyHidden>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} $height={44} />
          ))}
        </div>
      ) : (
        <>
          <StackedTable aria-busy={state.kind === 'loading' || undefined}>
            <table>
              <caption>{texts.caption(data.total_count)}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Description</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Balance after</th>
                </tr>
              </thead>
              <tbody>
                {data.transactions.length === 0 ? (
                  <tr>
                    <td colSpan={4}>{texts.empty}</td>
                  </tr>
                ) : (
                  data.transactions.map((line) => (
                    <tr key={line.id}>
                      <td data-label="Date">{formatDate(line.created_at)}</td>
                      <th scope="row" data-label="Description">
                        {describe(line)}
                      </th>
                      <td data-label="Amount">{signed(line.amount)}</td>
                      <td data-label="Balance after">{formatNaira(line.balance_after)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </StackedTable>
          <Pagination page={page} totalPages={data.total_pages} onPageChange={setPage} label={texts.pages} />
        </>
      )}
      {/* Drawn from the start, not with the lines: its arrival would push down what follows the card. */}
      <StatementDownload />
    </Card>
  );
}
