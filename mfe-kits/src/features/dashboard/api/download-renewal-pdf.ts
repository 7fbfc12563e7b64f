import { http, type Id } from 'shared-api';

/** Spec section 7: a renewal's invoice or receipt as a PDF. */
export function downloadRenewalPdf(id: Id): Promise<Blob> {
  return http
    .get<Blob>(`/api/v1/starlink_kit_renewals/${encodeURIComponent(String(id))}/download_pdf`, {
      responseType: 'blob',
      headers: { Accept: 'application/pdf' },
    })
    .then((r) => r.data);
}

export function renewalPdfFileName(id: Id): string {
  return `renewal-${id}.pdf`;
}
