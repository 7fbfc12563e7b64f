import useSWR from 'swr';
import { getRuntimeConfig } from 'shared-api';
import { StaffApiError, staffFetch } from '../../../lib/staff-api';
import { staffSession, useStaffSession } from '../../../lib/staff-session';
import type { Answer } from '../../../lib/wire';

export type AuditPage = Answer<'/api/v1/staff/audit', 'get'>;
export type AuditEntry = AuditPage['entries'][number];

export interface AuditFilter {
  actor: string;
  customer: string;
  kind: string;
}

const query = (filter: AuditFilter, before?: number) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value.trim()) params.set(name, value.trim());
  if (before !== undefined) params.set('before', String(before));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The first `pages` pages of the filtered log, newest first, one after the other (each names where the next starts). */
async function readPages(filter: AuditFilter, pages: number): Promise<AuditPage> {
  let before: number | undefined;
  const read: AuditPage[] = [];
  for (let i = 0; i < pages; i++) {
    const page = await staffFetch<AuditPage>(`/api/v1/staff/audit${query(filter, before)}`);
    read.push(page);
    if (page.next_before === null) break;
    before = page.next_before;
  }
  return { entries: read.flatMap((page) => page.entries), kinds: read[0]?.kinds ?? [], next_before: read[read.length - 1]?.next_before ?? null };
}

/**
 * The log filtered, `pages` pages of it as one list; "Older entries" asks for one page more. SWR's own
 * `swr/infinite` would bring a second copy of SWR into this area (only `swr` itself is a federation singleton).
 */
export function useAudit(filter: AuditFilter, pages: number) {
  const session = useStaffSession();
  return useSWR<AuditPage>(
    session ? ['/api/v1/staff/audit', session.token, filter.actor, filter.customer, filter.kind, pages] : null,
    () => readPages(filter, pages),
    // The rows already shown stay while one more page is read; a new filter (back to page 1) never shows the old rows.
    { keepPreviousData: pages > 1 },
  );
}

/** Every row the filter selects, as the API writes the CSV (with the staff token, so not a plain link). */
export async function downloadAuditCsv(filter: AuditFilter): Promise<Blob> {
  const response = await fetch(`${getRuntimeConfig().apiBaseUrl}/api/v1/staff/audit.csv${query(filter)}`, {
    headers: { Authorization: `Bearer ${staffSession.get()?.token ?? ''}` },
  });
  if (!response.ok) throw new StaffApiError(response.status, '');
  return response.blob();
}
