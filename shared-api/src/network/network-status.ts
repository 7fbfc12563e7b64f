import { useSyncExternalStore } from 'react';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (a prerendered page is drawn as online, then follows the browser). */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** When each screen's part that shows last-known data (not a fresh answer) last had it from the server. */
const shown = new Map<symbol, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function publish() {
  oldest = shown.size ? Math.min(...shown.values()) : null;
  listeners.forEach((listener) => listener());
}

/**
 * Tells the page that something on screen is last-known data read from the server at `at` (epoch ms); the returned
 * function says it no longer is. The data layer calls it, so the shell's banner can say how old what is shown is.
 */
export function showLastKnown(at: number): () => void {
  const id = Symbol('last-known');
  shown.set(id, at);
  publish();
  return () => {
    shown.delete(id);
    publish();
  };
}

function subscribeLastKnown(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The time (epoch ms) of the oldest last-known data on screen, or null when everything shown is a fresh answer. */
export const useLastKnownAt = (): number | null =>
  useSyncExternalStore(
    subscribeLastKnown,
    () => oldest,
    () => null,
  );
