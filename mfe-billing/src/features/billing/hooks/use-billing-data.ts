import { useCallback, useEffect } from 'react';
import { unreachableOr } from 'shared-api';
import { useFundings, useWallet } from 'shared-api/data';
import { notify } from 'shared-ui';
import { messages } from '../../../lib/texts';

/** Wallet and fundings from the shared data layer (the kits area reads the same wallet), read on arrival. */
export function useBillingData() {
  const wallet = useWallet();
  const fundings = useFundings();
  // Failed until a retry is under way, as a retry replaces the alert with the loading state.
  const failed =
    (wallet.error !== undefined && !wallet.isValidating) || (fundings.error !== undefined && !fundings.isValidating);

  useEffect(() => {
    // One id: a retry that fails again replaces the toast instead of stacking a second one.
    const error = wallet.error ?? fundings.error;
    if (error !== undefined) notify.error(unreachableOr(error, messages.billingFetchFailed), { id: 'billing-fetch-failed' });
  }, [wallet.error, fundings.error]);

  const { mutate: mutateWallet } = wallet;
  const { mutate: mutateFundings } = fundings;
  const retry = useCallback(() => {
    void mutateWallet();
    void mutateFundings();
  }, [mutateWallet, mutateFundings]);

  return {
    wallet: wallet.data ?? null,
    fundings: fundings.data ?? null,
    walletLoading: wallet.data === undefined && !failed,
    fundingsLoading: fundings.data === undefined && !failed,
    fundingsLoaded: fundings.data !== undefined,
    failed,
    /** Why, while `failed` (the page says which part is down). */
    error: failed ? (wallet.error ?? fundings.error) : undefined,
    retry,
  };
}
