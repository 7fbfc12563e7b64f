import { useCallback, useState } from 'react';
import { isApiError, unreachableOr } from 'shared-api';
import { useSingleFlight } from 'shared-ui/single-flight';
import { saveBlob } from 'shared-ui/save-blob';
import { newMessages } from '../../../lib/texts';
import { downloadStatementPdf, statementFileName } from '../api/download-statement-pdf';
import { monthLabel } from '../months';

const texts = newMessages.statement.pdf;

export type DownloadOutcome = { kind: 'idle' } | { kind: 'saved'; text: string } | { kind: 'failed'; text: string };

/** Downloads one month's PDF statement, once however often it is pressed, and says what happened beside the button. */
export function useStatementDownload() {
  const [busy, run] = useSingleFlight();
  const [outcome, setOutcome] = useState<DownloadOutcome>({ kind: 'idle' });

  const download = useCallback(
    (month: string) =>
      run(async () => {
        setOutcome({ kind: 'idle' });
        try {
          saveBlob(await downloadStatementPdf(month), statementFileName(month));
          setOutcome({ kind: 'saved', text: texts.saved(monthLabel(month)) });
        } catch (error) {
          const status = isApiError(error) ? error.status : undefined;
          const text = status === 422 ? texts.noHistory(monthLabel(month)) : status === 404 ? texts.unavailable : unreachableOr(error, texts.failed);
          setOutcome({ kind: 'failed', text });
        }
      }),
    [run],
  );

  return { download, busy, outcome };
}
