import styled from 'styled-components';
import { TextField, theme } from 'shared-ui';
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

const SelectField = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
  label {
    font-weight: 600;
  }
  select {
    min-height: 44px;
    padding: 8px 12px;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radius};
    font: inherit;
    background: #fff;
  }
  select:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
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
      <SelectField>
        <label htmlFor="kit-status-filter">Status</label>
        <select
          id="kit-status-filter"
          value={filter}
          onChange={(event) => onFilterChange(event.target.value as StatusFilter)}
        >
          {STATUS_FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </SelectField>
    </Row>
  );
}
