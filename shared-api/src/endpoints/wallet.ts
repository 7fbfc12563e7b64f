import { http } from '../http/client';
import type { Id, PaymentMethod, Wallet, WalletFunding } from '../types';

export interface CreateFundingRequest {
  starlink_user_wallet_id: Id;
  amount: number;
  payment_method: PaymentMethod;
}

export interface CreateFundingResponse {
  funding: Pick<WalletFunding, 'id' | 'reference' | 'payment_method' | 'amount'> & Partial<WalletFunding>;
  message?: string;
}

export const walletApi = {
  get: () => http.get<Wallet>('/api/v1/starlink_user_wallet').then((r) => r.data),
  listFundings: () =>
    http.get<WalletFunding[]>('/api/v1/starlink_wallet_fundings').then((r) => (Array.isArray(r.data) ? r.data : [])),
  createFunding: (body: CreateFundingRequest) =>
    http
      .post<CreateFundingResponse>('/api/v1/starlink_wallet_fundings', { starlink_wallet_funding: body })
      .then((r) => r.data),
  confirmFunding: (id: Id) =>
    http
      .put<{ message?: string }>(
        '/api/v1/starlink_wallet_fundings/confirm_request',
        { starlink_wallet_funding: { paid: 'yes' } },
        { params: { id } },
      )
      .then((r) => r.data),
};
