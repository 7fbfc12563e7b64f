import styled from 'styled-components';
import { pageItems } from '../lib/page-numbers';
import { theme } from 'shared-ui';

export type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
};

const Nav = styled.nav`
  ul { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; padding: 0; margin: 16px 0; align-items: center; }
  button {
    min-width: 44px; min-height: 44px; border-radius: ${theme.radius};
    border: 1px solid ${theme.colors.border}; background: #fff; color: ${theme.colors.text}; font: inherit; cursor: pointer;
  }
  button[aria-current='page'] { background: ${theme.colors.primary}; color: #fff; border-color: ${theme.colors.primary}; font-weight: 700; }
  button:disabled { opacity: 0.5; cursor: not-allowed; }
  button:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

export function Pagination({ page, totalPages, onPageChange, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Nav aria-label={label}>
      <ul>
        <li>
          <button type="button" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
            ‹
          </button>
        </li>
        {pageItems(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button type="button" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages} aria-label="Next page">
            ›
          </button>
        </li>
      </ul>
    </Nav>
  );
}

export const ROWS_PER_PAGE_OPTIONS = [10, 20, 50] as const;
export type RowsPerPage = (typeof ROWS_PER_PAGE_OPTIONS)[number];

export type RowsPerPageSelectProps = { value: number; onChange: (rows: RowsPerPage) => void; id?: string };

const SelectLabel = styled.label`
  display: inline-flex; align-items: center; gap: 8px;
  select { min-height: 44px; padding: 4px 8px; border-radius: ${theme.radius}; border: 1px solid ${theme.colors.border}; font: inherit; }
`;

export function RowsPerPageSelect({ value, onChange }: RowsPerPageSelectProps) {
  return (
    <SelectLabel>
      Rows per page
      <select value={value} onChange={(event) => onChange(Number(event.target.value) as RowsPerPage)}>
        {ROWS_PER_PAGE_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </SelectLabel>
  );
}
