import type { ReactNode } from 'react';
import { StackedTable } from 'shared-ui/table';
import { LoadState } from './load-state';

export type StaffColumn<T> = {
  /** The column's heading, and the cell's label where the table stacks on a phone. */
  label: string;
  cell: (row: T) => ReactNode;
};

export type StaffTableProps<T> = {
  caption: string;
  /** The first column names the row (its header cell). */
  columns: readonly StaffColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
};

/** A staff list as a table that stacks on a phone: each cell carries its column's label. */
export function StaffTable<T>({ caption, columns, rows, rowKey }: StaffTableProps<T>) {
  return (
    <StackedTable>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map(({ label }) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map(({ label, cell }, index) =>
                index === 0 ? (
                  <th key={label} scope="row" data-label={label}>
                    {cell(row)}
                  </th>
                ) : (
                  <td key={label} data-label={label}>
                    {cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </StackedTable>
  );
}

export type ListedTableProps<T> = Omit<StaffTableProps<T>, 'rows'> & {
  /** The read (an SWR answer) the rows come from. */
  read: { isLoading: boolean; error: unknown; mutate: () => unknown };
  /** Undefined until the read answers. */
  rows: readonly T[] | undefined;
  /** The screen's own words when the read fails and the server gave none. */
  failed: string;
  empty: string;
};

/** A list read from the server: loading or its failure (with Retry), then the empty note or the table. */
export function ListedTable<T>({ read, rows, failed, empty, ...table }: ListedTableProps<T>) {
  return (
    <>
      <LoadState isLoading={read.isLoading} error={read.error} failed={failed} retry={() => void read.mutate()} />
      {rows && rows.length === 0 && <p role="status">{empty}</p>}
      {rows && rows.length > 0 && <StaffTable rows={rows} {...table} />}
    </>
  );
}
