import { walletStore } from 'shared-api';

/**
 * After a funding is created or confirmed, every area showing the balance or history reads the shared
 * wallet store, so refreshing it once updates them all. A failed refresh leaves the last figures shown:
 * the action itself already succeeded and was announced.
 */
export function refreshWalletEverywhere(): Promise<void> {
  return walletStore
    .getState()
    .refreshAll()
    .catch(() => undefined);
}
