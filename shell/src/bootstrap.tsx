import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionStore, setRemoteModuleLoader, warmHttpClient } from 'shared-api';
import { loadRemoteModule, registerPortalRemotes, startLoadingRemoteModule } from './features/remotes/remote-loader';
import { firstScreenArea, firstScreenCallsApi } from './app/route-table';

registerPortalRemotes();
// The first screen's page code is fetched now rather than once the app has evaluated and rendered down to it:
// on a slow phone that is hundreds of milliseconds of CPU earlier, and the area's own API calls wait on it.
const firstArea = firstScreenArea(window.location.pathname, sessionStore.getState());
if (firstArea) startLoadingRemoteModule(firstArea.remote, firstArea.module);
// Lets one area open a module another exposes (kits opening billing's fund dialog) without importing it.
setRemoteModuleLoader(loadRemoteModule);

// The API client is downloaded on first use. A signed-in visit calls the API as soon as its area renders, so start
// now, beside the area's own code; elsewhere (/login) start when the customer first touches the page, seconds
// before a form is sent.
if (firstScreenCallsApi(window.location.pathname, sessionStore.getState())) warmHttpClient();
else {
  // The first of these events warms the client and removes all three listeners.
  const first = new AbortController();
  const warm = () => {
    first.abort();
    warmHttpClient();
  };
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
    document.addEventListener(type, warm, { passive: true, signal: first.signal });
  }
}

/**
 * Evaluating the app's modules (styled-components, the router, shared-ui, the shell) comes after a yield, in a task
 * of its own: with react-dom's evaluation before it, one task would block a slow phone's main thread for 150+ ms.
 * `eager` keeps the app in this chunk: no extra request, only a later evaluation.
 */
async function start(container: HTMLElement) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { App } = await import(/* webpackMode: "eager" */ './app/app');
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser, instead of one long task on a slow phone's CPU; the
  // boot frame in index.html stays on screen until the first render commits.
  startTransition(() => root.render(<App />));
}

const container = document.getElementById('root');
if (container) void start(container);
