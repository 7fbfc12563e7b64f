import useSWRInfinite from 'swr/infinite';
import { getRuntimeConfig } from 'shared-api';
import { StaffApiError, staffReader } from '../../../lib/staff-api';
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

/** The log page by page (newest first), filtered; "Older entries" reads the next page. */
export function useAudit(filter: AuditFilter) {
  const session = useStaffSession();
  return useSWRInfinite<AuditPage>(
    (index, previous: AuditPage | null) => {
      if (!session || (previous && previous.next_before === null)) return null;
      return [`/api/v1/staff/audit${query(filter, previous?.next_before ?? undefined)}`, session.token] as const;
    },
    staffReader<AuditPage>,
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
