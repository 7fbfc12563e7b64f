import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, theme } from 'shared-ui';
import { newMessages } from '../../../lib/texts';
import { useStatementDownload } from '../hooks/use-statement-download';
import { monthLabel, recentMonths } from '../months';

const texts = newMessages.statement.pdf;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 8px;
  margin-top: 16px;
  label {
    display: grid;
    gap: 4px;
    font-weight: 600;
  }
  select {
    min-height: 44px;
    padding: 8px;
    font: inherit;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radius};
  }
`;

const Outcome = styled.p`
  margin: 8px 0 0;
  min-height: 1.5em;
`;

/** A month picker and the download of that month's PDF statement (beyond the spec). */
export function StatementDownload() {
  const months = useMemo(() => recentMonths(new Date()), []);
  const [month, setMonth] = useState(months[0]!);
  const { download, busy, outcome } = useStatementDownload();
  return (
    <div>
      <Row>
        <label>
          {texts.month}
          <select value={month} onChange={(e) => setMonth(e.target.value)}>
            {months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" busy={busy} onClick={() => void download(month)}>
          {texts.download}
        </Button>
      </Row>
      <Outcome role="status">{outcome.kind === 'saved' ? outcome.text : ''}</Outcome>
      {outcome.kind === 'failed' && <p role="alert">{outcome.text}</p>}
    </div>
  );
}
