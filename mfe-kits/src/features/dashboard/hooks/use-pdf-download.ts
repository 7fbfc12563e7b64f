import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { renewalPdfFileName, renewalsApi, type Id } from 'shared-api';
import { saveBlob } from '../../../lib/save-blob';

export const PDF_DOWNLOADED = 'PDF downloaded successfully!';
export const PDF_FAILED = 'Failed to download PDF. Please try again.';

export function usePdfDownload() {
  const inFlight = useRef(new Set<string>());
  const [downloadingIds, setDownloadingIds] = useState<ReadonlySet<string>>(new Set());

  const download = useCallback(async (id: Id) => {
    const key = String(id);
    if (inFlight.current.has(key)) return;
    inFlight.current.add(key);
    setDownloadingIds(new Set(inFlight.current));
    try {
      const blob = await renewalsApi.downloadPdf(id);
      saveBlob(blob, renewalPdfFileName(id));
      toast.success(PDF_DOWNLOADED);
    } catch {
      toast.error(PDF_FAILED);
    } finally {
      inFlight.current.delete(key);
      setDownloadingIds(new Set(inFlight.current));
    }
  }, []);

  return { download, downloadingIds };
}
