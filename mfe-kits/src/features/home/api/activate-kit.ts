import { http, outcomeUnknown, type Id, type Kit } from 'shared-api';
import { moneyKinds, useDataCache, useSWRMutation } from 'shared-api/data';
import { kitKinds } from '../../dashboard/api/get-kit';
import { noticesKey } from '../../notices/api/notices-key';
import { kitListKinds, patchCachedKit } from './get-kits';

export interface ActivateKitResponse {
  message?: string;
  kit?: Kit;
}

/**
 * Spec section 7: activation and renewal are the same call, with no body. With the price the customer confirmed
 * (`expectedAmount`, beyond section 7) the server charges only that price, and answers 409 when it changed.
 */
export function activateKit(id: Id, expectedAmount?: number): Promise<ActivateKitResponse> {
  return http
    .post<ActivateKitResponse>(
      `/api/v1/starlink_activates/${encodeURIComponent(String(id))}/activate_kit`,
      expectedAmount === undefined ? undefined : { expected_amount: expectedAmount },
    )
    .then((r) => r.data);
}

/** What a charge sends: the kit, and the price confirmed in the charge dialog when there was one. */
export type ChargeArg = { id: Id; expectedAmount?: number };

/**
 * Activation or renewal from the wallet. The kit the answer carries (spec section 4: active, with its new deadline)
 * replaces it in the cached kit list; the kit's page, its history and the wallet are read again where shown. When
 * the answer never came (or the server broke) the charge may have gone through: everything it touches is read again,
 * so no screen offers a second charge on a stale state.
 */
export function useActivateKitMutation() {
  const cache = useDataCache();
  return useSWRMutation(
    ['activate-kit'],
    async (_key: unknown, { arg: { id, expectedAmount } }: { arg: ChargeArg }) => ({ id, answer: await activateKit(id, expectedAmount) }),
    {
      onSuccess: ({ id, answer: { kit } }) => {
        const patch = { status: kit?.status ?? 'active', ...(kit?.deadline ? { deadline: kit.deadline } : {}) };
        void patchCachedKit(cache, id, patch);
        // A renewal can make a notice untrue ("renewal due"): the server withdraws it at the next read.
        void cache.revalidate([...kitKinds, ...moneyKinds.wallet, ...noticesKey]);
      },
      onError: (error) => {
        if (outcomeUnknown(error)) {
          void cache.revalidate([...kitListKinds.pages, ...kitListKinds.others, ...kitKinds, ...moneyKinds.wallet, ...noticesKey]);
        }
      },
    },
  );
}
