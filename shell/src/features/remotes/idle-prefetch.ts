import { liveRoutes, sessionStore, type AreaRoute } from 'shared-api';
import { fetchRemoteModule, startLoadingRemoteModule } from './remote-loader';

/**
 * A signed-in customer's pages, as the live areas declare them: the navbar's in its order, then the others (a kit's
 * dashboard, which /home's list links to), each page module once.
 */
function customerPages(): AreaRoute[] {
  const customer = liveRoutes().filter((route) => route.access === 'customer');
  const navbar = customer.filter((route) => route.nav).sort((a, b) => a.nav!.order - b.nav!.order);
  const pages = [...navbar, ...customer.filter((route) => !route.nav)];
  return [...new Map(pages.map((route) => [`${route.remote}/${route.module}`, route])).values()];
}

type SaveDataConnection = { saveData?: boolean };

/** The customer asked their browser to save data (Chrome's Lite mode, Android's Data Saver): `Save-Data: on`. */
export const savesData = (): boolean =>
  (navigator as Navigator & { connection?: SaveDataConnection }).connection?.saveData === true;

/**
 * Once the first screen is usable, in the browser's idle time, fetches the code of a signed-in customer's pages and,
 * a little later, runs it, so a switch finds it there, and runs `warm` (the toasts, which answer the customer's first action, then share no slow
 * link with that action's own request); for a visitor who signs in on this page (most first visits start at /login),
 * once they have. Never when the customer asked to save data, who gets an area's code on intent (a pointer, touch or
 * focus on its link) as before. Each page module loads once, whichever asked first.
 */
export function prefetchCustomerPagesWhenIdle(warm: () => void = () => undefined): void {
  if (savesData()) return;
  if (sessionStore.getState().token) {
    prefetchWhenIdle(warm);
    return;
  }
  const stop = sessionStore.subscribe((state) => {
    if (!state.token) return;
    stop();
    prefetchWhenIdle(warm);
  });
}

/** How long after the pages' download starts their code may run: the page's first seconds keep the CPU. */
export const RUN_PAGES_AFTER_MS = 2000;

const whenIdle = (run: () => void) =>
  window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : window.setTimeout(run, 200);

function prefetchWhenIdle(warm: () => void): void {
  whenIdle(() => {
    // Signed out meanwhile: nothing of a customer's areas is needed.
    if (!sessionStore.getState().token) return;
    const pages = customerPages();
    for (const route of pages) fetchRemoteModule(route.remote, route.module);
    warm();
    // Downloading costs the phone's CPU little; running a page's code does, so that waits until the customer has had
    // the first screen to themselves, then runs one page per idle period, and a switch finds it ready.
    window.setTimeout(() => runEachWhenIdle(pages), RUN_PAGES_AFTER_MS);
  });
}

function runEachWhenIdle([next, ...rest]: AreaRoute[]): void {
  if (!next) return;
  whenIdle(() => {
    if (!sessionStore.getState().token) return;
    startLoadingRemoteModule(next.remote, next.module);
    runEachWhenIdle(rest);
  });
}
