// Run by the shell's entry before the rest of its start-up code has arrived: no React, data cache, zustand or endpoint
// functions here (`shared-api/first-reads`), only the HTTP client and the reads: the page's own, as its area's route
// declares them (`firstReads`, in the page's configuration), and the shell's email check (`endpoints/reads.ts`).
import { reads, type Read } from '../endpoints/reads';
import { http, readEarly } from '../http/client';
import { storedSessionKindIn } from '../prerender';
import { routeAt } from '../config/live-routes';
import { storageKeys } from '../storage-keys';

/** The shell's email check (`ensureEmailStatus`), made once on whichever customer page comes first. */
const everyCustomerPage = (): Read[] => [reads.emailStatus];

/**
 * The customer's parts of shared-api, fetched with the first reads so they have arrived when the page asks (the page's
 * HTML does not preload them, and a guest's page never loads them): the wallet reads (/home, a kit's page, /billing)
 * and the verification part, which the shell's email check loads on every customer page anyway. Both on every
 * customer page, so no route of an area is named here.
 */
const loadCustomerParts = () => Promise.all([import('shared-api/customer'), import('shared-api/verification')]);

/**
 * Starts the first screen's calls (`readEarly`) for a customer whose session is stored: they travel while the page's
 * code downloads instead of after it has run, and the page's own calls take their answers. The customer's parts of
 * shared-api (`loadCustomerParts`) are fetched too.
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
  setTimeout(() => void loadCustomerParts().catch(() => undefined), 0);
}
