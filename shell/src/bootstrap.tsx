import { startTransition } from 'react';
import { sessionStore, setRemoteModuleLoader, warmHttpClient } from 'shared-api';
import { loadRemoteModule, registerPortalRemotes, registeredEntry, runningEntry, startLoadingRemoteModule } from './features/remotes/remote-loader';
import { watchReleases } from './features/remotes/release-watch';
import { installHealthReporting } from './features/health/health-reporting';
import { whenAreaReady } from './features/remotes/area-ready';
import { expectPrerenderedArea } from './features/remotes/area-root';
import { sessionKindOf } from 'shared-api/prerender';
import { firstScreenArea, firstScreenCallsApi, pageToLoadAfterRedirect } from './app/first-screen';
import { prefetchCustomerPagesWhenIdle } from './features/remotes/idle-prefetch';

registerPortalRemotes();
// The tab learns of releases in the background, so that no navigation waits for a read (release-watch.ts).
watchReleases(runningEntry);
// Each area release's errors and Web Vitals go to the API, tagged with the release this page registered.
installHealthReporting(registeredEntry);
// The first screen's page code is fetched now rather than once the app has evaluated and rendered down to it:
// on a slow phone that is hundreds of milliseconds of CPU earlier, and the area's own API calls wait on it.
const firstArea = firstScreenArea(window.location.pathname, sessionStore.getState());
if (firstArea) startLoadingRemoteModule(firstArea.remote, firstArea.module);
// A guest sent from a customer's page to /login: its HTML preloaded that page's code, which they open once logged in.
const afterLogin = pageToLoadAfterRedirect(window.location.pathname, sessionStore.getState());
if (afterLogin) whenAreaReady(() => startLoadingRemoteModule(afterLogin.remote, afterLogin.module));
// The worker that keeps the live releases' files and the last pages for offline visits, once the screen is usable.
whenAreaReady(() => void import(/* webpackChunkName: "register-worker" */ './features/offline/register-worker').then((m) => m.registerServiceWorker()));
// A customer's pages, the API client's files and the toasts in idle time once the screen is usable, unless the
// customer asked to save data.
whenAreaReady(() =>
  prefetchCustomerPagesWhenIdle(() => {
    prefetchTouchFiles();
    warmToasts();
  }),
);
// Lets one area open a module another exposes (kits opening billing's fund dialog) without importing it.
setRemoteModuleLoader(loadRemoteModule);

// The API client and the toasts are downloaded on first use. A signed-in visit calls the API as soon as its area
// renders, so the client starts now, beside the area's own code; elsewhere (/login) it starts when the customer
// first touches the page, seconds before a form is sent. Most messages answer a customer's action, so the toasts
// start on that first touch everywhere.
// A page touched before this code ran (the early-input script marks it, and has preloaded the client) may hold a
// form sent meanwhile: the client starts now, and the toasts, which answer only that call, once the area is ready,
// so they do not share the slow link with the page's own code.
const callsApiAtOnce = firstScreenCallsApi(window.location.pathname, sessionStore.getState());
const touchedBeforeStart = document.documentElement.hasAttribute('data-touched');
if (callsApiAtOnce || touchedBeforeStart) warmHttpClient();
if (touchedBeforeStart) whenAreaReady(warmToasts);
else
  onFirstTouch(() => {
    if (!callsApiAtOnce) warmHttpClient();
    warmToasts();
  });

/**
 * shared-ui (and styled-components under it, which copies the drawn page's styles into its sheet as it loads) is
 * evaluated in a task of its own (see `start`), so the toasts' warm-up imports it there rather than in this one.
 */
function warmToasts() {
  void import(/* webpackMode: "eager" */ 'shared-ui').then((ui) => ui.warmToasts());
}

/**
 * The files the server names for the first touch (the API client, on a page whose first calls went by fetch): in idle
 * time they are downloaded, not run, since running axios is a long task on a slow phone; the first touch runs them.
 */
function prefetchTouchFiles() {
  const files = document.querySelector<HTMLMetaElement>('meta[name="portal-touch-preload"]')?.content.split(' ') ?? [];
  for (const href of files.filter(Boolean)) document.head.append(Object.assign(document.createElement('link'), { rel: 'prefetch', as: 'script', href }));
}

/** Runs `warm` once, on the customer's first pointer, key or focus in the page. */
function onFirstTouch(warm: () => void) {
  const first = new AbortController();
  const once = () => {
    first.abort();
    warm();
  };
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
    document.addEventListener(type, once, { passive: true, signal: first.signal });
  }
}

/** Gives the browser a turn (input, paint, a script that arrived) before what follows. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The start-up code evaluates in four tasks with a yield between them: this module (which starts loading the first
 * screen's area), then react-dom, then shared-ui with styled-components, then the app's own modules and the
 * hydration's start. In one task it would block a slow phone's main thread for 150+ ms, in two still for 100+ ms
 * (4× slowdown). `eager` keeps them in this chunk: no extra request, only a later evaluation.
 */
async function start(container: HTMLElement) {
  await nextTask();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'shared-ui');
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app/app');
  // The server sent this page drawn (the shell's frame and the area's page) for a kind of visitor: a customer's page
  // for one with a stored session, any other page for one without. Drawn for this visitor, it is hydrated: it stays
  // on screen, with what the customer typed, while React takes it over (the area's part once its code arrives).
  const drawnFor = container.dataset.session;
  if (firstArea && container.dataset.prerendered === firstArea.path && drawnFor === sessionKindOf(sessionStore.getState())) {
    // Hydrating in a transition renders in slices that yield to the browser, as the client render below does: at the
    // default priority the whole page is hydrated in one task, which a slow phone's main thread feels as one block.
    // The area's page in it is hydrated in a root of its own (AreaRoot), wherever the frame puts it.
    expectPrerenderedArea(firstArea.path);
    startTransition(() => {
      hydrateRoot(container, <App />, {
        // An error thrown while hydrating (an area's code that failed to load or threw: it comes with its `cause`)
        // meets the client render that follows, where the area's error boundary shows it: not reported twice. A
        // mismatch between the HTML and the render (no cause) is reported as React does by default.
        onRecoverableError: (error) => {
          if (!(error instanceof Error && error.cause !== undefined)) reportError(error);
        },
      });
    });
    return;
  }
  // Drawn for another visitor (the early script's style hides it), it gives way to the loading state it hid until
  // the app's first render: the visitor is on their way elsewhere (a guest to /login, a customer to /home).
  const boot = container.nextElementSibling;
  if (drawnFor && boot?.hasAttribute('data-boot')) {
    container.replaceChildren(...boot.childNodes);
    boot.remove();
  }
  delete container.dataset.session;
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser, instead of one long task on a slow phone's CPU; the
  // boot frame in index.html stays on screen until the first render commits.
  startTransition(() => root.render(<App />));
}

const container = document.getElementById('root');
if (container) void start(container);
