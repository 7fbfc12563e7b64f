import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from 'shared-ui';

export type ContactRowProps = {
  label: string;
  value: ReactNode;
  /** Badges and buttons shown after the value. */
  children?: ReactNode;
};

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 12px 0;
  border-bottom: 1px solid ${theme.colors.border};
  &:last-child {
    border-bottom: none;
  }
  dt {
    flex: 0 0 9rem;
    font-weight: 600;
    color: ${theme.colors.muted};
  }
  dt + dd {
    flex: 1 1 12rem;
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

/** A second description (status and actions): a <dl> group may hold only <dt> and <dd>. */
const Actions = styled.dd`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

/** One labelled line of the profile; wraps under its label on a narrow phone. */
export function ContactRow({ label, value, children }: ContactRowProps) {
  return (
    <Row>
      <dt>{label}</dt>
      <dd>{value}</dd>
      {children && <Actions>{children}</Actions>}
    </Row>
  );
}
