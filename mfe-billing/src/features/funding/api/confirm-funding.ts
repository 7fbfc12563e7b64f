import { http, type Id } from 'shared-api';

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
