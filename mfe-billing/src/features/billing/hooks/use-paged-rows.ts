import { useState } from 'react';
import type { RowsPerPage } from 'shared-ui/pagination';

/** Client-side pagination (the fundings call returns the whole list). */
export function usePagedRows<T>(rows: readonly T[], initialRowsPerPage: RowsPerPage = 10) {
  const [rowsPerPage, setRowsPerPageState] = useState<RowsPerPage>(initialRowsPerPage);
  const [requestedPage, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil(rows.length / rowsPerPage));
  // The list can shrink under the current page (a refresh); show the last page rather than an empty one.
  const page = Math.min(requestedPage, totalPages);
  const pageRows = rows.slice((page - 1) * rowsPerPage, page * rowsPerPage);

  const setRowsPerPage = (next: RowsPerPage) => {
    setRowsPerPageState(next);
    setPage(1);
  };

  return { page, setPage, totalPages, pageRows, rowsPerPage, setRowsPerPage };
}
