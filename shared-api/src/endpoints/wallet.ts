import { http } from '../http/client';
import type { Wallet, WalletFunding } from '../types';
import { amountOf } from './amount';
import { withAmount } from './normalise';
import { reads } from './reads';

/**
 * The two reads both the kits and the billing areas show (the balance on /home, /dashboard and /billing; the
 * fundings awaiting approval on /home and in the payment dialogs): kept here with the one cache, since reaching
 * billing's copy from /home would add billing's entry to the kit list's critical path. The funding calls are
 * billing's own (`mfe-billing/src/features/funding/api/`).
 */
export const walletApi = {
  get: () => http.get<Wallet>(reads.wallet.url).then((r) => (r.data ? { ...r.data, balance: amountOf(r.data.balance) } : r.data)),
  listFundings: () =>
    http.get<WalletFunding[]>(reads.fundings.url).then((r) => (Array.isArray(r.data) ? r.data.map(withAmount) : [])),
};
