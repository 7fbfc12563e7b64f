/**
 * Whether the first area page of this visit has rendered. Extras that other areas provide (the profile area's
 * email verification gate) wait for it, so on a slow network they never compete with the screen the customer
 * asked for.
 */
let ready = false;
const listeners = new Set<() => void>();

export function markAreaReady(): void {
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

/** Tests only: a fresh visit. */
export function resetAreaReady(): void {
  ready = false;
  listeners.clear();
}
