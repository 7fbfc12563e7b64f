import { http } from '../http/client';
import type { Id, Kit, KitPage, KitRenewal, RequestBody } from '../types';
import { kitOf, withAmount } from './normalise';
import { KIT_PAGE_SIZE, reads } from './reads';

export { KIT_PAGE_SIZE };

export type CreateKitRequest = RequestBody<'/api/v1/starlink_kits', 'post'>;

/**
 * The spec allows the list as `{kits,total_pages,total_count}` or as a bare array. A bare array longer than a page
 * is the whole list (a server that does not paginate), so the page asked for is cut from it; a shorter one is the
 * page itself.
 */
export function normalizeKitPage(data: KitPage | Kit[], page = 1, perPage = KIT_PAGE_SIZE): KitPage {
  if (Array.isArray(data)) {
    const totalPages = Math.max(1, Math.ceil(data.length / perPage));
    const kits = data.length > perPage ? data.slice((page - 1) * perPage, page * perPage) : data;
    return { kits, total_count: data.length, total_pages: totalPages };
  }
  const kits = Array.isArray(data?.kits) ? data.kits : [];
  const totalCount = Number(data?.total_count ?? kits.length);
  const totalPages = Number(data?.total_pages ?? Math.ceil(totalCount / perPage));
  return { kits, total_count: totalCount, total_pages: Math.max(1, totalPages || 1) };
}

export interface ActivateKitResponse {
  message?: string;
  kit?: Kit;
}

export const kitsApi = {
  checkKitNumber: (kitNumber: string) =>
    http
      .get<{ exists: boolean }>('/api/v1/starlink_kits/check_kit_number', { params: { kit_number: kitNumber } })
      .then((r) => r.data),
  create: (body: CreateKitRequest) => http.post<{ kit?: Kit; message?: string }>('/api/v1/starlink_kits', body).then((r) => r.data),
  /** `signal` cancels a request whose answer is no longer wanted (it rejects with an ApiError of kind `canceled`). */
  list: (page: number, perPage = KIT_PAGE_SIZE, options: { signal?: AbortSignal } = {}) => {
    const { url, params } = reads.kitPage(page, perPage);
    return http.get<KitPage | Kit[]>(url, { params, signal: options.signal }).then((r) => normalizeKitPage(r.data, page, perPage));
  },
  /** Section 7 says the answer "has kit"; a server sending the bare kit works too. */
  show: (id: Id) => http.get<unknown>(`/api/v1/starlink_kits/${encodeURIComponent(String(id))}`).then((r) => ({ kit: kitOf(r.data) })),
  setAutoRenew: (id: Id, autoRenew: boolean) =>
    http.put<{ kit?: Kit; message?: string }>('/api/v1/starlink_kits/set_auto_renew', { id, auto_renew: autoRenew }).then((r) => r.data),
  changeAddress: (id: Id, address: string) =>
    http
      .put<{ kit?: Kit; message?: string }>(
        '/api/v1/starlink_kits/kit_address_change_request',
        { starlink_kit_address: { address } },
        { params: { id } },
      )
      .then((r) => r.data),
  /** Activation and renewal are the same call (spec section 7). */
  activate: (id: Id) =>
    http
      .post<ActivateKitResponse>(`/api/v1/starlink_activates/${encodeURIComponent(String(id))}/activate_kit`)
      .then((r) => r.data),
};

export const renewalsApi = {
  listForKit: (kitId: Id) =>
    http
      .get<KitRenewal[]>('/api/v1/starlink_kit_renewals/user_kit_renewals', { params: { kit_id: kitId } })
      .then((r) => (Array.isArray(r.data) ? r.data.map(withAmount) : [])),
  downloadPdf: (id: Id) =>
    http
      .get<Blob>(`/api/v1/starlink_kit_renewals/${encodeURIComponent(String(id))}/download_pdf`, {
        responseType: 'blob',
        headers: { Accept: 'application/pdf' },
      })
      .then((r) => r.data),
};

export function renewalPdfFileName(id: Id): string {
  return `renewal-${id}.pdf`;
}
