import { http } from '../http/client';
import type { Id, RequestBody, Wallet, WalletFunding } from '../types';
import { amountOf } from './amount';
import { unwrap, withAmount } from './normalise';
import { reads } from './reads';

export type CreateFundingRequest = RequestBody<'/api/v1/starlink_wallet_fundings', 'post'>['starlink_wallet_funding'];

export interface CreateFundingResponse {
  funding: Pick<WalletFunding, 'id' | 'reference' | 'payment_method' | 'amount'> & Partial<WalletFunding>;
  message?: string;
}

type StartedFunding = CreateFundingResponse['funding'];

/** Section 7 wraps the new funding as `funding`; a server answering with the funding itself works too. */
function startedFunding(data: unknown): CreateFundingResponse {
  const funding = unwrap<StartedFunding>(data, 'funding');
  if (!funding.reference) throw new Error('Funding without a reference');
  const message = (data as { message?: unknown }).message;
  return { funding: withAmount(funding), message: typeof message === 'string' ? message : undefined };
}

export const walletApi = {
  get: () => http.get<Wallet>(reads.wallet.url).then((r) => (r.data ? { ...r.data, balance: amountOf(r.data.balance) } : r.data)),
  listFundings: () =>
    http.get<WalletFunding[]>('/api/v1/starlink_wallet_fundings').then((r) => (Array.isArray(r.data) ? r.data.map(withAmount) : [])),
  createFunding: (body: CreateFundingRequest) =>
    http.post<unknown>('/api/v1/starlink_wallet_fundings', { starlink_wallet_funding: body }).then((r) => startedFunding(r.data)),
  confirmFunding: (id: Id) =>
    http
      .put<{ message?: string }>(
        '/api/v1/starlink_wallet_fundings/confirm_request',
        { starlink_wallet_funding: { paid: 'yes' } },
        { params: { id } },
      )
      .then((r) => r.data),
};
