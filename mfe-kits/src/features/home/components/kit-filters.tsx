import styled from 'styled-components';
import { FieldWrapper, inputStyles, TextField } from 'shared-ui';
import { STATUS_FILTER_OPTIONS, type StatusFilter } from '../../../lib/kit-status';

export type KitFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  filter: StatusFilter;
  onFilterChange: (value: StatusFilter) => void;
};

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 12px;
  align-items: end;
  @media (max-width: 600px) {
    grid-template-columns: minmax(0, 1fr);
    gap: 0;
  }
`;

// The select looks and sizes like the search field beside it.
const Select = styled.select`
  ${inputStyles}
`;

export function KitFilters({ search, onSearchChange, filter, onFilterChange }: KitFiltersProps) {
  return (
    <Row>
      <TextField
        label="Search kits"
        type="search"
        placeholder="Number, address, company"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <FieldWrapper>
        <label htmlFor="kit-status-filter">Status</label>
        <Select
          id="kit-status-filter"
          value={filter}
          onChange={(event) => onFilterChange(event.target.value as StatusFilter)}
        >
          {STATUS_FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </FieldWrapper>
    </Row>
  );
}
