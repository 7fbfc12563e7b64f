import { http, type Id } from 'shared-api';
import { moneyKinds, useDataCache, useSWRMutation } from 'shared-api/data';

/** Spec section 7: the funding's id in the query, `starlink_wallet_funding {paid: "yes"}` in the body. */
export function confirmFunding(id: Id): Promise<{ message?: string }> {
  return http
    .put<{ message?: string }>(
      '/api/v1/starlink_wallet_fundings/confirm_request',
      { starlink_wallet_funding: { paid: 'yes' } },
      { params: { id } },
    )
    .then((r) => r.data);
}

/** "I have made the payment" for one funding; the fundings and the wallet are read again where shown. */
export function useConfirmFundingMutation() {
  const cache = useDataCache();
  return useSWRMutation(['confirm-funding'], (_key: unknown, { arg: id }: { arg: Id }) => confirmFunding(id), {
    onSuccess: () => cache.revalidate(moneyKinds.walletAndFundings),
  });
}
