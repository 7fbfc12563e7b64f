// Run by the shell's entry before the rest of its start-up code has arrived: no React, data cache or zustand here, only the
// endpoint functions and the HTTP client (`shared-api/first-reads`).
import { kitsApi } from '../endpoints/kits';
import { verificationApi } from '../endpoints/verification';
import { walletApi } from '../endpoints/wallet';
import { readEarly } from '../http/client';
import { storedSessionKindIn } from '../prerender';
import { paths, routeAt } from '../routes';
import { storageKeys } from '../storage-keys';

/** The calls a customer's page makes as soon as it shows, by path: on /home `useWallet` and `useKitPage(1)`. */
const firstReads: Record<string, () => Promise<unknown>[]> = {
  [paths.home]: () => [walletApi.get(), kitsApi.list(1)],
};

/** The shell's email check (`ensureEmailStatus`), made once on whichever customer page comes first. */
const everyCustomerPage = () => [verificationApi.emailStatus()];

/**
 * Starts the first screen's calls (`readEarly`) for a customer whose session is stored: they travel while the page's
 * code downloads instead of after it has run, and the page's own calls take their answers.
 */
export function startFirstReads(pathname: string, storage: Pick<Storage, 'getItem'> = localStorage): void {
  const route = routeAt(pathname);
  const token = storage.getItem(storageKeys.token);
  if (route?.access !== 'customer' || token === null || storedSessionKindIn(storage) !== 'customer') return;
  readEarly(token, () => [...everyCustomerPage(), ...(firstReads[route.path]?.() ?? [])]);
}
