// Whether the service answers, as the HTTP client finds out: no React here, since the client is in the shell's first
// chunk (`shared-api/first-reads`), which runs before the shared libraries are ready.

/** Whether the last call to the API went unanswered (or a gateway answered for it) while the browser was online. */
let serviceDown = false;
const reachListeners = new Set<() => void>();

function setServiceDown(down: boolean) {
  if (down === serviceDown) return;
  serviceDown = down;
  reachListeners.forEach((listener) => listener());
}

/**
 * The HTTP client reports each call's outcome here: any answer of the API's own (even a refusal) means it is
 * reached; no answer while the browser says it is online means the service is down.
 */
export function reportServiceReached(reached: boolean): void {
  if (!reached && typeof navigator !== 'undefined' && navigator.onLine === false) return;
  setServiceDown(!reached);
}

/** Whether the service is known to be down (see `reportServiceReached`). */
export const serviceKnownDown = (): boolean => serviceDown;

export function subscribeServiceReach(onChange: () => void): () => void {
  reachListeners.add(onChange);
  return () => void reachListeners.delete(onChange);
}

// Back on a network the service is given the benefit of the doubt: the next call says otherwise if it is down.
if (typeof window !== 'undefined') window.addEventListener('online', () => setServiceDown(false));

