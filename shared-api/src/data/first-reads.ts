// Run by the shell's entry before the rest of its start-up code has arrived: no React, data cache, zustand or endpoint
// functions here (`shared-api/first-reads`), only the reads themselves (`endpoints/reads.ts`) and the HTTP client.
import { reads, type Read } from '../endpoints/reads';
import { http, readEarly } from '../http/client';
import { storedSessionKindIn } from '../prerender';
import { paths, routeAt } from '../routes';
import { storageKeys } from '../storage-keys';

/** The calls a customer's page makes as soon as it shows, by path: on /home `useWallet` and `useKitPage(1)`. */
const firstReads: Record<string, () => Read[]> = {
  [paths.home]: () => [reads.wallet, reads.kitPage(1)],
};

/** The shell's email check (`ensureEmailStatus`), made once on whichever customer page comes first. */
const everyCustomerPage = (): Read[] => [reads.emailStatus];

/**
 * The customer's parts of shared-api each page's own code imports at once, fetched with the first reads so they have
 * arrived when it asks (the page's HTML does not preload them, and a guest's page never loads them).
 */
const loadCustomerApi = () => import('shared-api/customer');
const partsOf: Record<string, () => Promise<unknown>> = {
  [paths.home]: loadCustomerApi,
  [paths.dashboardPattern]: loadCustomerApi,
  [paths.billing]: loadCustomerApi,
  [paths.profile]: () => import('shared-api/verification'),
};

/**
 * Starts the first screen's calls (`readEarly`) for a customer whose session is stored: they travel while the page's
 * code downloads instead of after it has run, and the page's own calls take their answers. The page's part of
 * shared-api (`partsOf`) is fetched too.
 */
export function startFirstReads(pathname: string, storage: Pick<Storage, 'getItem'> = localStorage): void {
  const route = routeAt(pathname);
  const token = storage.getItem(storageKeys.token);
  if (route?.access !== 'customer' || token === null || storedSessionKindIn(storage) !== 'customer') return;
  readEarly(token, () =>
    [...everyCustomerPage(), ...(firstReads[route.path]?.() ?? [])].map(({ url, params }) =>
      http.get(url, params && { params }),
    ),
  );
  const part = partsOf[route.path];
  // Resolving a shared module initialises the federation runtime's share scope: not in the entry's own task (see the
  // shell's entry). A failure here is reported by the page that needs the module.
  if (part) setTimeout(() => void part().catch(() => undefined), 0);
}
