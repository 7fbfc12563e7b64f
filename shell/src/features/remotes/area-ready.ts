/**
 * Which area pages have rendered. Extras that other areas provide (the profile area's email verification gate) wait
 * for the page of their own screen, and the visit's background work (the service worker, idle prefetch) for the first
 * page of the visit, so on a slow network they never compete with the screen the customer asked for.
 */
let ready = false;
const listeners = new Set<() => void>();
/** The location key of the screen whose area page rendered last. */
let renderedKey: string | undefined;
const screenListeners = new Map<() => void, string>();

/** An area's page has rendered on the screen at `locationKey` (the router location's key). */
export function markAreaReady(locationKey: string): void {
  renderedKey = locationKey;
  for (const [listener, key] of [...screenListeners]) {
    if (key !== locationKey) continue;
    screenListeners.delete(listener);
    listener();
  }
  if (ready) return;
  ready = true;
  // The prerendered page's early-input script (portal-server) hands what was typed before this moment to React.
  if (typeof document !== 'undefined') document.dispatchEvent(new Event('portal:area-ready'));
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

/** Calls `listener` once an area has rendered (at once if one already has); returns an unsubscribe. */
export function whenAreaReady(listener: () => void): () => void {
  if (ready) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `listener` once the area page of the screen at `locationKey` has rendered (at once if it has): a page an
 * earlier screen rendered (the login page, before its redirect to /home) does not count. Returns an unsubscribe.
 */
export function whenScreenAreaRendered(locationKey: string, listener: () => void): () => void {
  if (renderedKey === locationKey) {
    listener();
    return () => undefined;
  }
  screenListeners.set(listener, locationKey);
  return () => screenListeners.delete(listener);
}

/** Tests only: a fresh visit. */
export function resetAreaReady(): void {
  ready = false;
  renderedKey = undefined;
  listeners.clear();
  screenListeners.clear();
}
