import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from 'shared-ui';
import { formatDate, formatNaira } from 'shared-ui/format';
import { Link, useParams } from 'shared-ui/router';
import { StackedTable } from 'shared-ui/table';
import { staffPaths } from '../../../app/staff-paths';
import { LoadState } from '../../../components/load-state';
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

function Fundings({ rows }: { rows: CustomerDetail['fundings'] }) {
  return (
    <StackedTable>
      <table>
        <caption>{t.fundings}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.transfers.reference}</th>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.amount}</th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.reason}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={f.id}>
              <th scope="row" data-label={texts.transfers.reference}>
                {f.reference}
              </th>
              <td data-label={t.date}>{formatDate(f.created_at)}</td>
              <td data-label={t.amount}>{formatNaira(f.amount)}</td>
              <td data-label={t.status}>{f.status}</td>
              <td data-label={t.reason}>{f.decline_reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </StackedTable>
  );
}

function Statement({ rows }: { rows: CustomerDetail['statement'] }) {
  return (
    <StackedTable>
      <table>
        <caption>{t.statement}</caption>
        <thead>
          <tr>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.what}</th>
            <th scope="col">{t.amount}</th>
            <th scope="col">{t.balanceAfter}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((line) => (
            <tr key={line.id}>
              <th scope="row" data-label={t.date}>
                {formatDate(line.created_at)}
              </th>
              <td data-label={t.what}>{[line.kind, line.reference ?? line.kit_number].filter(Boolean).join(' · ')}</td>
              <td data-label={t.amount}>{formatNaira(line.amount)}</td>
              <td data-label={t.balanceAfter}>{formatNaira(line.balance_after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </StackedTable>
  );
}

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
            <Fundings rows={data.fundings} />
          </Section>
          <Section title={t.statement} empty={data.statement.length === 0}>
            <Statement rows={data.statement} />
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
