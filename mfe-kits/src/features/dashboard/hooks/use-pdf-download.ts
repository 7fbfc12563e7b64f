import { useCallback } from 'react';
import { unreachableOr, type Id } from 'shared-api';
import { notify } from 'shared-ui';
import { useSingleFlightPerKey } from 'shared-ui/single-flight';
import { saveBlob } from 'shared-ui/save-blob';
import { downloadRenewalPdf, renewalPdfFileName } from '../api/download-renewal-pdf';
import { PDF_DOWNLOADED, PDF_FAILED } from '../../../lib/texts';


export function usePdfDownload() {
  const [downloadingIds, runFor] = useSingleFlightPerKey();

  const download = useCallback(
    async (id: Id) => {
      await runFor(String(id), async () => {
        try {
          const blob = await downloadRenewalPdf(id);
          saveBlob(blob, renewalPdfFileName(id));
          notify.success(PDF_DOWNLOADED);
        } catch (error) {
          notify.error(unreachableOr(error, PDF_FAILED));
        }
      });
    },
    [runFor],
  );

  return { download, downloadingIds };
}
