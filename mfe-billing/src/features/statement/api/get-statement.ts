import { amountOf, http } from 'shared-api';
import type { paths } from 'shared-api/api-schema';

type StatementWire = paths['/api/v1/starlink_wallet_transactions']['get']['responses'][200]['content']['application/json'];
export type StatementLine = StatementWire['transactions'][number];
export type StatementPage = Omit<StatementWire, 'transactions'> & { transactions: StatementLine[] };

/** The cache key (`useData` puts the session token first). */
export const statementKey = (page: number, perPage: number) => ['statement', page, perPage] as const;

/** One page of the wallet statement, newest first (beyond spec section 7; a 404 is a server without it). */
export function getStatement(page: number, perPage: number): Promise<StatementPage> {
  return http
    .get<StatementWire>('/api/v1/starlink_wallet_transactions', { params: { page, per_page: perPage } })
    .then(({ data }) => ({
      ...data,
      transactions: data.transactions.map((line) => ({ ...line, amount: amountOf(line.amount), balance_after: amountOf(line.balance_after) })),
    }));
}
