import styled from 'styled-components';
import { theme } from 'shared-ui';

/**
 * Wraps a <table>: a table on wide screens; on a phone each row becomes a card whose cells are labelled by their
 * `data-label`, so nothing scrolls sideways at 360 px. The row header (`th scope="row"`) leads each card.
 */
export const StackedTable = styled.div`
  /* Holds a visually hidden caption (absolutely positioned) inside it rather than measured against the page. */
  position: relative;
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; }
  caption { text-align: left; font-weight: 600; padding: 8px 0; }
  th, td { text-align: left; padding: 10px 8px; border-bottom: 1px solid ${theme.colors.border}; vertical-align: middle; }
  thead th { color: ${theme.colors.muted}; font-size: 0.9rem; }
  th[scope='row'] { font-weight: 600; overflow-wrap: anywhere; }
  @media (max-width: 640px) {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
    /* The caption too: left in table layout inside a block table, it shrinks to a narrow column. */
    table, caption, tbody, tr, th[scope='row'], td { display: block; width: 100%; box-sizing: border-box; }
    tr { border: 1px solid ${theme.colors.border}; border-radius: ${theme.radius}; margin-bottom: 12px; padding: 4px 8px; }
    th[scope='row'], td {
      display: flex; justify-content: space-between; align-items: center; gap: 12px;
      border: none; padding: 6px 0; text-align: right; overflow-wrap: anywhere;
    }
    th[scope='row']::before, td::before {
      content: attr(data-label); font-weight: 600; color: ${theme.colors.muted}; text-align: left; flex-shrink: 0;
    }
    td:empty { display: none; }
  }
`;
