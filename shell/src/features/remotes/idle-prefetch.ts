import { paths, routeAt, sessionStore } from 'shared-api';
import { startLoadingRemoteModule } from './remote-loader';

/** The navbar's areas of a signed-in customer, in the order they are most often opened from /home. */
const NAVBAR_PATHS = [paths.home, paths.billing, paths.profile] as const;

type SaveDataConnection = { saveData?: boolean };

/** The customer asked their browser to save data (Chrome's Lite mode, Android's Data Saver): `Save-Data: on`. */
export const savesData = (): boolean =>
  (navigator as Navigator & { connection?: SaveDataConnection }).connection?.saveData === true;

/**
 * Once the first screen is usable, in the browser's idle time, fetches the code of a signed-in customer's navbar areas,
 * so a switch finds it there; never when the customer asked to save data, who gets an area's code on intent (a
 * pointer, touch or focus on its link) as before. Each area loads once, whichever asked first.
 */
export function prefetchNavbarAreasWhenIdle(): void {
  if (savesData() || !sessionStore.getState().token) return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  idle(
    () => {
      // Signed out meanwhile: nothing of a customer's areas is needed.
      if (!sessionStore.getState().token) return;
      for (const path of NAVBAR_PATHS) {
        const route = routeAt(path);
        if (route) startLoadingRemoteModule(route.remote, route.module, { intent: true });
      }
    },
    { timeout: 5000 },
  );
}
