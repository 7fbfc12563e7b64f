import { useCallback, useEffect, useState } from 'react';
import { useWallet, walletStore } from 'shared-api';
import { notify } from 'shared-ui';
import { messages } from '../../../lib/messages';

/** Wallet and fundings from the shared wallet store (the kits area reads the same one), fetched on arrival. */
export function useBillingData() {
  const wallet = useWallet((s) => s.wallet);
  const fundings = useWallet((s) => s.fundings);
  const walletStatus = useWallet((s) => s.walletStatus);
  const fundingsStatus = useWallet((s) => s.fundingsStatus);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    walletStore
      .getState()
      .refreshAll()
      .catch(() => {
        setFailed(true);
        // One id: a retry that fails again replaces the toast instead of stacking a second one.
        notify.error(messages.billingFetchFailed, { id: 'billing-fetch-failed' });
      });
  }, []);

  useEffect(load, [load]);

  return {
    wallet,
    fundings,
    walletLoading: !wallet && walletStatus !== 'error' && !failed,
    fundingsLoading: !fundings && fundingsStatus !== 'error' && !failed,
    fundingsLoaded: fundings !== null,
    failed,
    retry: load,
  };
}
