import styled from 'styled-components';
import { theme } from '../theme/theme';

export const Page = styled.div`
  max-width: 1080px;
  margin: 0 auto;
  padding: 16px;
  h1 { font-size: 1.5rem; margin: 8px 0 16px; }
`;

export const Card = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: 12px;
  padding: 16px;
  margin-bottom: 16px;
`;

export const FormCard = styled(Card)`
  max-width: 440px;
  margin: 24px auto;
`;

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

export const TableWrapper = styled.div`
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; }
  caption { text-align: left; font-weight: 600; padding: 8px 0; }
  th, td { text-align: left; padding: 10px 8px; border-bottom: 1px solid ${theme.colors.border}; }
`;
