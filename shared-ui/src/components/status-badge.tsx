import styled from 'styled-components';
import { theme } from 'shared-ui';

export const StatusBadge = styled.span<{ $tone?: 'online' | 'offline' | 'warning' | 'neutral' }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 600;
  border: 1px solid currentColor;
  color: ${({ $tone }) =>
    $tone === 'online'
      ? theme.colors.success
      : $tone === 'offline'
        ? theme.colors.danger
        : $tone === 'warning'
          ? theme.colors.warning
          : theme.colors.muted};
`;
