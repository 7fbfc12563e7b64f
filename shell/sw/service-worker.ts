// The portal's service worker (served as /sw.js by the shell's server; built by shell/webpack.config.js with esbuild
// from Workbox's runtime modules as published). What it may serve without asking is only what can never change.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

/** A content-hashed file (`[name].[contenthash:8].js`, a remote's `remoteEntry.<hash>.js`, the icons): never changes. */
export const HASHED_FILE = /\.[0-9a-f]{8}\.(?:js|css|png|svg|woff2?)$/;

/** Per-deployment documents that say which release is live: read from the network whenever there is one. */
export const POINTER_FILE = /\/(?:remoteEntry\.js|mf-manifest\.json|expose-chunks\.json|manifest\.webmanifest)$/;

const router = new Router();

// Pages: always the server's, so a promotion or a rollback shows at the next page load exactly as without the worker;
// the last copy only when there is no network. A page varies by cookie (portal-server: the cached entry script's
// name), which must not keep an offline visit from finding it.
router.registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'portal-pages',
      matchOptions: { ignoreVary: true },
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 20 })],
    }),
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
      cacheName: 'portal-pointers',
      matchOptions: { ignoreVary: true },
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40 })],
    }),
  ),
);

router.addFetchListener();
// The page that installed the worker hands it the files it already has ({ type: 'CACHE_URLS' }), from the browser's
// cache, so the next visit offline finds them without downloading anything again.
router.addCacheListener();

// A new worker (a new shell release) takes over at once: its routes are the same rules, not a copy of any release.
void self.skipWaiting();
clientsClaim();
