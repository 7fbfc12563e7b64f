import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, FieldWrapper, inputStyles, notify, TextField } from 'shared-ui';
import { saveBlob } from 'shared-ui/save-blob';
import { ListedTable, type StaffColumn } from '../../../components/staff-table';
import { texts } from '../../../lib/texts';
import { downloadAuditCsv, useAudit, type AuditEntry, type AuditFilter } from '../api/audit';

const t = texts.audit;
const NO_FILTER: AuditFilter = { actor: '', customer: '', kind: '' };

const Select = styled.select`${inputStyles}`;
const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 0 12px;
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** "need_approval → approved" from a row's before and after, each field that changed. */
function change(entry: AuditEntry): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .map((field) => (field in before && field in after ? `${field}: ${String(before[field])} → ${String(after[field])}` : `${field}: ${String(after[field] ?? before[field])}`))
    .join('; ');
}

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' });

const columns: StaffColumn<AuditEntry>[] = [
  { label: t.when, cell: (entry) => when(entry.at) },
  { label: t.who, cell: (entry) => (entry.role ? `${entry.actor} (${entry.role})` : entry.actor) },
  { label: t.what, cell: (entry) => entry.kind },
  { label: t.subject, cell: (entry) => [entry.subject, entry.customer_email].filter(Boolean).join(' · ') },
  { label: t.change, cell: change },
  { label: t.reason, cell: (entry) => entry.reason ?? '' },
];

/** /staff/audit: every staff and command-line action, filtered by person, customer and kind; CSV of the filtered rows. */
export function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [typed, setTyped] = useState<AuditFilter>(NO_FILTER);
  const [pages, setPages] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const audit = useAudit(filter, pages);
  const kinds = audit.data?.kinds ?? [];
  const more = audit.data?.next_before != null;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(typed);
    setPages(1);
  };
  const csv = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadAuditCsv(filter), 'audit-log.csv');
    } catch {
      notify.error(t.csvFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <Card>
        <form onSubmit={apply} aria-label={t.filters}>
          <Filters>
            <TextField label={t.actor} value={typed.actor} onChange={(e) => setTyped({ ...typed, actor: e.target.value })} />
            <TextField label={t.customer} value={typed.customer} onChange={(e) => setTyped({ ...typed, customer: e.target.value })} />
            <FieldWrapper>
              <label htmlFor="audit-kind">{t.kind}</label>
              <Select id="audit-kind" value={typed.kind} onChange={(e) => setTyped({ ...typed, kind: e.target.value })}>
                <option value="">{t.anyKind}</option>
                {kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {kind}
                  </option>
                ))}
              </Select>
            </FieldWrapper>
          </Filters>
          <Row>
            <Button type="submit">{t.apply}</Button>
            <Button variant="secondary" busy={downloading} onClick={() => void csv()}>
              {t.csv}
            </Button>
          </Row>
        </form>
      </Card>
      <ListedTable read={audit} rows={audit.data?.entries} failed={t.loadFailed} empty={t.empty} caption={t.caption} columns={columns} rowKey={(entry) => entry.id} />
      {more && (
        <Button variant="secondary" busy={audit.isValidating} onClick={() => setPages(pages + 1)}>
          {t.more}
        </Button>
      )}
    </>
  );
}
