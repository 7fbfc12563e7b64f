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

/** A row whose items sit at its two ends and wrap on a narrow screen (a card's title and status, a list's tools). */
export const SpreadRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  justify-content: space-between;
`;
