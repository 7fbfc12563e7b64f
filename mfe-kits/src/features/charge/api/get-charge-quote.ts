import { amountOf, http, type Id } from 'shared-api';
import type { paths } from 'shared-api/api-schema';

type QuoteWire = paths['/api/v1/starlink_kits/{id}/charge_quote']['get']['responses'][200]['content']['application/json'];

/** What a charge of the kit would take now (beyond spec section 7): the price, the wallet before and after. */
export type ChargeQuote = Omit<QuoteWire, 'amount' | 'balance' | 'balance_after' | 'amount_due'> & {
  amount: number;
  balance: number;
  balance_after: number | null;
  amount_due: number;
};

/** Rejects with an ApiError; a 404 is a server without this call (or no such kit), where the portal charges on the tap. */
export function getChargeQuote(id: Id): Promise<ChargeQuote> {
  return http.get<QuoteWire>(`/api/v1/starlink_kits/${encodeURIComponent(String(id))}/charge_quote`).then(({ data }) => ({
    ...data,
    amount: amountOf(data.amount),
    balance: amountOf(data.balance),
    balance_after: data.balance_after === null ? null : amountOf(data.balance_after),
    amount_due: amountOf(data.amount_due),
  }));
}
