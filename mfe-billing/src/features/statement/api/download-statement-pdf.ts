import { http } from 'shared-api';

/** A month's statement as a PDF (beyond spec section 7): `month` is "2026-11". Rejects with an ApiError. */
export function downloadStatementPdf(month: string): Promise<Blob> {
  return http
    .get<Blob>('/api/v1/starlink_wallet_transactions/statement_pdf', {
      params: { month },
      responseType: 'blob',
      headers: { Accept: 'application/pdf' },
    })
    .then((r) => r.data);
}

export const statementFileName = (month: string) => `statement-${month}.pdf`;
