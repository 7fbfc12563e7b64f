// Run by the shell's entry before the rest of its start-up code has arrived: no React, data cache, zustand or endpoint
// functions here (`shared-api/first-reads`), only the HTTP client and the reads: the page's own, as its area's route
// declares them (`firstReads`, in the page's configuration), and the shell's email check (`endpoints/reads.ts`).
import { reads, type Read } from '../endpoints/reads';
import { http, readEarly } from '../http/client';
import { storedSessionKindIn } from '../prerender';
import { routeAt } from '../config/live-routes';
import { paths } from '../routes';
import { storageKeys } from '../storage-keys';

/** The shell's email check (`ensureEmailStatus`), made once on whichever customer page comes first. */
const everyCustomerPage = (): Read[] => [reads.emailStatus];

/**
 * The customer's part of shared-api a page's own code imports at once, fetched with the first reads so it has arrived
 * when the page asks (the page's HTML does not preload it, and a guest's page never loads it): on /profile the
 * verification part, on the other customer pages (/home, /dashboard, /billing) the wallet reads.
 */
const loadPartOf = (routePath: string) =>
  routePath === paths.profile ? import('shared-api/verification') : import('shared-api/customer');

/**
 * Starts the first screen's calls (`readEarly`) for a customer whose session is stored: they travel while the page's
 * code downloads instead of after it has run, and the page's own calls take their answers. The page's part of
 * shared-api (`loadPartOf`) is fetched too.
 */
export function startFirstReads(pathname: string, storage: Pick<Storage, 'getItem'> = localStorage): void {
  const route = routeAt(pathname);
  const token = storage.getItem(storageKeys.token);
  if (route?.access !== 'customer' || token === null || storedSessionKindIn(storage) !== 'customer') return;
  readEarly(token, () =>
    [...everyCustomerPage(), ...(route.firstReads ?? [])].map(({ url, params }) =>
      http.get(url, params && { params }),
    ),
  );
  // Resolving a shared module initialises the federation runtime's share scope: not in the entry's own task (see the
  // shell's entry). A failure here is reported by the page that needs the module.
  setTimeout(() => void loadPartOf(route.path).catch(() => undefined), 0);
}
