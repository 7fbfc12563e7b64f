import { walletStore } from 'shared-api';

/** The balance after money may have moved; a failure leaves the one shown, and the next page load reads it again. */
export function refreshWalletInBackground(): void {
  walletStore
    .getState()
    .refreshWallet()
    .catch(() => undefined);
}
