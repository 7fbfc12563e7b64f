import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionStore, setRemoteModuleLoader, warmHttpClient } from 'shared-api';
import { App } from './app/app';
import { loadRemoteModule, registerPortalRemotes } from './features/remotes/remote-loader';

registerPortalRemotes();
// Lets one area open a module another exposes (kits opening billing's fund dialog) without importing it.
setRemoteModuleLoader(loadRemoteModule);

// The API client is downloaded on first use. A signed-in visit calls the API as soon as its area renders, so start
// now, beside the area's own code; elsewhere (/login) start when the customer first touches the page, seconds
// before a form is sent.
if (sessionStore.getState().token) warmHttpClient();
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

const container = document.getElementById('root');
// A transition renders in slices that yield to the browser, instead of one long task on a slow phone's CPU; the
// boot frame in index.html stays on screen until the first render commits.
if (container) {
  const root = createRoot(container);
  startTransition(() => root.render(<App />));
}
