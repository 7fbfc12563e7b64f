import { amountOf, http, type RequestBody, type WalletFunding } from 'shared-api';
import { moneyKinds, useDataCache, useSWRMutation } from 'shared-api/data';

export type CreateFundingRequest = RequestBody<'/api/v1/starlink_wallet_fundings', 'post'>['starlink_wallet_funding'];

export interface CreateFundingResponse {
  funding: Pick<WalletFunding, 'id' | 'reference' | 'payment_method' | 'amount'> & Partial<WalletFunding>;
  message?: string;
}

type StartedFunding = CreateFundingResponse['funding'];

/** Section 7 wraps the new funding as `funding`; a server answering with the funding itself works too. */
function startedFunding(data: unknown): CreateFundingResponse {
  const wrapped = data && typeof data === 'object' ? (data as { funding?: unknown }).funding : undefined;
  const funding = (wrapped && typeof wrapped === 'object' ? wrapped : data) as Partial<StartedFunding> | null | undefined;
  if (!funding || typeof funding !== 'object' || funding.id === undefined || funding.id === null) {
    throw new Error('No funding in the answer');
  }
  if (!funding.reference) throw new Error('Funding without a reference');
  const message = (data as { message?: unknown }).message;
  return {
    funding: { ...(funding as StartedFunding), amount: amountOf(funding.amount) },
    message: typeof message === 'string' ? message : undefined,
  };
}

/** Spec section 7: the funding wrapped as `starlink_wallet_funding {starlink_user_wallet_id, amount, payment_method}`. */
export function createFunding(body: CreateFundingRequest): Promise<CreateFundingResponse> {
  return http
    .post<unknown>('/api/v1/starlink_wallet_fundings', { starlink_wallet_funding: body })
    .then((r) => startedFunding(r.data));
}

/** Starts a funding; the fundings and the wallet are read again where shown (and on their next mount). */
export function useCreateFundingMutation() {
  const cache = useDataCache();
  return useSWRMutation(['create-funding'], (_key: unknown, { arg }: { arg: CreateFundingRequest }) => createFunding(arg), {
    onSuccess: () => void cache.revalidate(moneyKinds.walletAndFundings),
  });
}
