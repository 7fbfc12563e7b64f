// The portal's service worker (served as /sw.js by the shell's server; built by shell/webpack.config.js with esbuild
// from Workbox's runtime modules as published). What it serves without asking: files that never change, and pages
// that name the releases the last pointer document named (shell/README.md, "Releases").
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

/** A content-hashed file (`[name].[contenthash:8].js`, a remote's `remoteEntry.<hash>.js`, the icons): never changes. */
export const HASHED_FILE = /\.[0-9a-f]{8}\.(?:js|css|png|svg|woff2?)$/;

/** Per-deployment documents that say which release is live: read from the network whenever there is one. */
export const POINTER_FILE = /\/(?:remoteEntry\.js|mf-manifest\.json|expose-chunks\.json|manifest\.webmanifest|releases\.json)$/;

const PAGES = 'portal-pages';
const POINTERS = 'portal-pointers';

const router = new Router();

// Pages. A page a visit saw before is answered from the cache at once and fetched again behind it, unless the last
// pointer document the tabs read through this worker names other releases than that page: then the network's, the
// copy only without a network. A first visit is always the network's. (Vary: Accept-Encoding must not keep an
// offline visit from finding its page.)
const pagePlugins = () => [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 20 })];
const keptPage = new StaleWhileRevalidate({ cacheName: PAGES, matchOptions: { ignoreVary: true }, plugins: pagePlugins() });
const freshPage = new NetworkFirst({ cacheName: PAGES, matchOptions: { ignoreVary: true }, plugins: pagePlugins() });

/** The releases' version a response names: the page's `<meta name="portal-releases">`, or the pointer's `version`. */
async function versionOf(response: Response | undefined, page: boolean): Promise<string | undefined> {
  if (!response) return undefined;
  const text = await response.clone().text();
  if (page) return /<meta name="portal-releases" content="(\w+)/.exec(text)?.[1];
  try {
    return (JSON.parse(text) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

router.registerRoute(
  new NavigationRoute(
    async (options) => {
      const kept = await caches.match(options.request, { cacheName: PAGES, ignoreVary: true });
      const pointer = await caches.match(new URL('/releases.json', self.location.origin).href, { cacheName: POINTERS });
      const current = kept && (!pointer || (await versionOf(pointer, false)) === (await versionOf(kept, true)));
      return (current ? keptPage : freshPage).handle(options);
    },
    { denylist: [/^\/api\//] },
  ),
);

// Hashed files of the shell and of every remote (their own origins): from the cache once fetched. A page names the
// files of the releases live when it was served, so an old copy is used only by a page that asks for it by name.
router.registerRoute(
  new Route(
    ({ url, request }) => request.method === 'GET' && !url.pathname.startsWith('/api/') && HASHED_FILE.test(url.pathname),
    new CacheFirst({
      cacheName: 'portal-files',
      plugins: [
        // Status 0: a remote's script fetched without CORS (an opaque answer), which the page runs all the same.
        new CacheableResponsePlugin({ statuses: [0, 200] }),
        new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }),
      ],
    }),
  ),
);

// The live listings and unversioned entries: the network's answer whenever there is one.
router.registerRoute(
  new Route(
    ({ url, request }) => request.method === 'GET' && POINTER_FILE.test(url.pathname),
    new NetworkFirst({
      cacheName: POINTERS,
      matchOptions: { ignoreVary: true },
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40 })],
    }),
  ),
);

router.addFetchListener();
// The page that installed the worker came from the network before the worker ran: it hands its own address
// ({ type: 'CACHE_PAGE' }), kept like any page the worker answers, so the next visit is answered at once.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const { type, url } = (event.data ?? {}) as { type?: string; url?: string };
  if (type !== 'CACHE_PAGE' || !url || new URL(url).origin !== self.location.origin) return;
  event.waitUntil(freshPage.handle({ event, request: new Request(url, { credentials: 'same-origin' }) }).catch(() => undefined));
});
// The page that installed the worker hands it the files it already has ({ type: 'CACHE_URLS' }), from the browser's
// cache, so the next visit offline finds them without downloading anything again.
router.addCacheListener();

// A new worker (a new shell release) takes over at once: its routes are the same rules, not a copy of any release.
void self.skipWaiting();
clientsClaim();
