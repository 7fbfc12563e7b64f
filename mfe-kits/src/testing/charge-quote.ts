import { handle } from 'shared-api/testing';
import type { ChargeQuote } from '../features/charge/api/get-charge-quote';

const QUOTE = '/api/v1/starlink_kits/:id/charge_quote';

/** A server of spec section 7 only: the price quote is not there, so a charge goes on the first tap. */
export function serveNoQuote() {
  return handle('get', QUOTE, { message: 'Route GET:/api/v1/starlink_kits/5/charge_quote not found', error: 'Not Found' }, { status: 404 });
}

/** The reference API's quote for a kit: the price, the wallet now and after the charge. */
export function serveQuote(quote: Partial<ChargeQuote> = {}, init: { delayMs?: number } = {}) {
  const balance = quote.balance ?? 60000;
  const amount = quote.amount ?? 57000;
  const short = Math.max(0, amount - balance);
  return handle(
    'get',
    QUOTE,
    {
      kit_id: 5,
      action: 'activate',
      amount,
      balance,
      balance_after: short ? null : balance - amount,
      amount_due: short,
      period_start: '2026-03-10T12:00:00.000Z',
      period_end: '2026-04-09T12:00:00.000Z',
      ...(short ? { message: `Insufficient wallet balance. Fund your wallet with at least NGN ${short.toLocaleString('en-NG')} to continue.`, error: 'Insufficient wallet balance' } : {}),
      ...quote,
    },
    init,
  );
}
