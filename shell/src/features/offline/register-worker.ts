/**
 * Files a page got from the network or the browser's cache that the worker keeps for the next visit offline, and the
 * files it names for the first touch (the API client, on a page whose first reads went by fetch): a visit offline
 * calls the API through the client when those reads fail.
 */
function filesOfThisPage(): string[] {
  const files = performance
    .getEntriesByType('resource')
    .filter((entry) => !['fetch', 'xmlhttprequest', 'beacon'].includes((entry as PerformanceResourceTiming).initiatorType))
    .map((entry) => entry.name);
  const onTouch = document.querySelector<HTMLMetaElement>('meta[name="portal-touch-preload"]')?.content.split(' ') ?? [];
  return [...new Set([...files, ...onTouch.filter(Boolean).map((href) => new URL(href, document.baseURI).href)])];
}

/**
 * Registers the service worker (`/sw.js`, production builds only) once the first screen is usable, so its start-up
 * never competes with the page's own. On the visit that installs it, the worker is handed the files the page already
 * has (Workbox's `CACHE_URLS` message), which it takes from the browser's cache: nothing is downloaded twice; and the
 * page's own address (`CACHE_PAGE`), which it keeps as it keeps every page, so the next visit is answered at once.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const firstInstall = !navigator.serviceWorker.controller;
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (!firstInstall) return;
      registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: filesOfThisPage() } });
      registration.active?.postMessage({ type: 'CACHE_PAGE', url: window.location.href });
    })
    // No worker (a private window, an old browser, a server without /sw.js): the portal works as without one.
    .catch(() => undefined);
}
