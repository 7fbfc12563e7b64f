import { useSyncExternalStore } from 'react';
import { serviceKnownDown, subscribeServiceReach } from './service-reach';

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

function subscribeReach(onChange: () => void): () => void {
  const offService = subscribeServiceReach(onChange);
  const offNetwork = subscribeOnline(onChange);
  return () => {
    offService();
    offNetwork();
  };
}

/** Whether calls can reach the API now, and if not, whether the phone is offline or the service is down. */
export type Reachability = { reachable: true; offline: false } | { reachable: false; offline: boolean };

const REACHABLE: Reachability = { reachable: true, offline: false };
const OFFLINE: Reachability = { reachable: false, offline: true };
const DOWN: Reachability = { reachable: false, offline: false };

const currentReach = (): Reachability => (navigator.onLine === false ? OFFLINE : serviceKnownDown() ? DOWN : REACHABLE);

/**
 * For what only works with the API (payments, adding a kit): disabled with the reason while the phone is offline
 * (`offline`) or while the service cannot be reached. A prerendered page is drawn as reachable.
 */
export const useReachable = (): Reachability =>
  useSyncExternalStore(subscribeReach, currentReach, () => REACHABLE);
