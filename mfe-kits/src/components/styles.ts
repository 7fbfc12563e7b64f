import styled from 'styled-components';
import { Link } from 'shared-ui/router';
import { theme } from 'shared-ui';

/** A router link that looks like shared-ui's primary button (Manage, Back to home). */
export const ButtonLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  min-width: 44px;
  padding: 10px 18px;
  border-radius: ${theme.radius};
  border: 1px solid ${theme.colors.primary};
  background: ${theme.colors.surface};
  color: ${theme.colors.primary};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    filter: brightness(0.92);
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

export const Muted = styled.p`
  color: ${theme.colors.muted};
  margin: 0;
`;

export const SectionTitle = styled.h2`
  font-size: 1.15rem;
  margin: 0 0 12px;
`;

/** Label/value pairs that sit side by side on wide screens and stack on a phone. */
export const DetailList = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: 8px 16px;
  margin: 0;
  dt {
    color: ${theme.colors.muted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 480px) {
    grid-template-columns: minmax(0, 1fr);
    gap: 2px;
    dd {
      margin-bottom: 8px;
    }
  }
`;

/** A page's title with its way back beside it (or under it on a phone), clear of the first card. */
export const PageHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px 16px;
  margin-bottom: 16px;
  h1 {
    margin: 8px 0 0;
  }
`;
