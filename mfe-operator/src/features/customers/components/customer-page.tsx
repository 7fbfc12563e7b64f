import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from 'shared-ui';
import { formatDate, formatNaira } from 'shared-ui/format';
import { Link, useParams } from 'shared-ui/router';
import { staffPaths } from '../../../app/staff-paths';
import { LoadState } from '../../../components/load-state';
import { StaffTable, type StaffColumn } from '../../../components/staff-table';
import { texts } from '../../../lib/texts';
import { useCustomer, type CustomerDetail } from '../api/customers';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0;
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const t = texts.customers;

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Card>
      <h2>{title}</h2>
      {empty ? <p>{t.none_}</p> : children}
    </Card>
  );
}

const fundingColumns: StaffColumn<CustomerDetail['fundings'][number]>[] = [
  { label: texts.transfers.reference, cell: (f) => f.reference },
  { label: t.date, cell: (f) => formatDate(f.created_at) },
  { label: t.amount, cell: (f) => formatNaira(f.amount) },
  { label: t.status, cell: (f) => f.status },
  { label: t.reason, cell: (f) => f.decline_reason ?? '' },
];

const statementColumns: StaffColumn<CustomerDetail['statement'][number]>[] = [
  { label: t.date, cell: (line) => formatDate(line.created_at) },
  { label: t.what, cell: (line) => [line.kind, line.reference ?? line.kit_number].filter(Boolean).join(' · ') },
  { label: t.amount, cell: (line) => formatNaira(line.amount) },
  { label: t.balanceAfter, cell: (line) => formatNaira(line.balance_after) },
];

/** /staff/customers/:customerId: everything support reads to answer "where is my money?", nothing to change. */
export function CustomerPage() {
  const { customerId } = useParams();
  const detail = useCustomer(customerId);
  const data = detail.data;
  return (
    <>
      <p>
        <Link to={staffPaths.customers}>{t.back}</Link>
      </p>
      <h1>{data ? data.customer.name : t.title}</h1>
      <LoadState isLoading={detail.isLoading} error={detail.error} failed={t.detailFailed} retry={() => void detail.mutate()} />
      {data && (
        <>
          <Card>
            <h2>{t.contact}</h2>
            <Facts>
              <dt>Email</dt>
              <dd>{data.customer.email}</dd>
              <dt>{t.phone}</dt>
              <dd>{data.customer.phone_number}</dd>
              <dt>{t.whatsapp}</dt>
              <dd>{data.customer.whatsapp_number}</dd>
              <dt>{t.joined}</dt>
              <dd>{formatDate(data.customer.created_at)}</dd>
            </Facts>
          </Card>
          <Card>
            <h2>{t.wallet}</h2>
            <Facts>
              <dt>{t.balance}</dt>
              <dd>{formatNaira(data.wallet.balance)}</dd>
              <dt>{t.walletId}</dt>
              <dd>{data.wallet.wallet_id ?? '—'}</dd>
            </Facts>
          </Card>
          <Section title={t.fundings} empty={data.fundings.length === 0}>
            <StaffTable caption={t.fundings} columns={fundingColumns} rows={data.fundings} rowKey={(f) => f.id} />
          </Section>
          <Section title={t.statement} empty={data.statement.length === 0}>
            <StaffTable caption={t.statement} columns={statementColumns} rows={data.statement} rowKey={(line) => line.id} />
          </Section>
          <Section title={t.kits} empty={data.kits.length === 0}>
            <ul>
              {data.kits.map((kit) => (
                <li key={kit.id}>
                  {kit.kit_number} · {kit.status} · {t.autoRenew} {kit.auto_renew ? t.yes : t.no}
                  {kit.deadline ? ` · ${t.deadline} ${formatDate(kit.deadline)}` : ''}
                </li>
              ))}
            </ul>
          </Section>
          <Section title={t.messages} empty={data.messages.length === 0}>
            <ul>
              {data.messages.map((m) => (
                <li key={m.id}>
                  {formatDate(m.created_at)} · {m.title} · {formatNaira(m.amount)}
                  {m.reference ? ` · ${m.reference}` : ''}
                  {m.kit_number ? ` · ${m.kit_number}` : ''} · {m.sent_at ? `${t.sent} ${formatDate(m.sent_at)}` : t.notSent}
                </li>
              ))}
            </ul>
          </Section>
        </>
      )}
    </>
  );
}
