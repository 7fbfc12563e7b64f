import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates HTML rendered ahead of time (and in that render itself), true otherwise: a page shows
 * browser-only state (the session kept in localStorage) only once this is true, so its first render matches a render
 * made without a browser. A page rendered in the browser from scratch gets true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
