import { routeAt, sessionStore, type RemoteName } from 'shared-api';
import { postReports } from './api/send-reports';

/** What the API's report route takes (api/src/routes/report-routes.ts). */
export interface HealthReport {
  app: RemoteName;
  release: string;
  kind: 'load' | 'error' | 'vital';
  /** An error's constructor name (never its message), a vital's name, or `area` for a load. */
  name: string;
  value?: number;
  /** The route's pattern (`/dashboard/:kitId`), never the address: no ids, no query. */
  route: string;
}

/** Reports per request, and bytes per request: within the route's limit and a keepalive request's quota. */
export const MAX_BATCH = 20;
export const MAX_BATCH_BYTES = 8_000;
/** Reports kept while waiting; beyond, new ones are dropped (a page throwing in a loop sends no flood). */
export const MAX_QUEUED = 100;
/** How long the first reports wait for others before they go. */
export const FLUSH_DELAY_MS = 5_000;
/** After a 429 or a failure, nothing is sent for this long. */
export const PAUSE_MS = 60_000;
const SESSION_KEY = 'portal_health_session';
const STOPPED_KEY = 'portal_health_off';

/** The route's pattern for `pathname`; an address outside the route table is `/not-found`. */
export const routePattern = (pathname: string) => (pathname === '/' ? '/' : (routeAt(pathname)?.path ?? '/not-found'));

/** An error's name as the route takes it: letters only (never the message, which may carry what a customer typed). */
export function errorName(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  const letters = typeof name === 'string' ? name.replace(/[^A-Za-z]/g, '').slice(0, 40) : '';
  return letters || 'Error';
}

/** A random id for this tab, forgotten when it closes (an older API counted sessions by it); it names no one. */
function sessionId(): string {
  try {
    const kept = sessionStorage.getItem(SESSION_KEY);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  } catch {
    // No storage: a fresh id per page.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    sessionStorage.setItem(SESSION_KEY, id);
  } catch {
    // Kept for this page only.
  }
  return id;
}

const remembered = (key: string) => {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};

export interface Reporter {
  report(item: HealthReport): void;
  /** Sends what is queued, signed in; when the page is going (`leaving`) a guest's reports are dropped instead. */
  flush(leaving?: boolean): void;
}

/**
 * Batches reports: the first waits FLUSH_DELAY_MS for others, a full batch goes at once, and the page going away
 * (pagehide, hidden) sends the rest (keepalive requests outlive the page). Each carries the signed-in customer's
 * session; a guest's reports wait for a sign-in on this page and are dropped when it goes, since the API counts none
 * without one. A server without the route (404) stops it for the tab; a 429 or a failure pauses it. Nothing it does
 * can throw into the page.
 */
export function createReporter({
  now = () => Date.now(),
  token = () => sessionStore.getState().token,
}: { now?: () => number; token?: () => string | null } = {}): Reporter {
  let stopped = remembered(STOPPED_KEY);
  let routeKnown = false;
  let pausedUntil = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: HealthReport[] = [];
  const session = sessionId();

  const take = (): string | null => {
    const batch: HealthReport[] = [];
    let body = '';
    while (queue.length > 0 && batch.length < MAX_BATCH) {
      const next = JSON.stringify({ session, reports: [...batch, queue[0]] });
      if (next.length > MAX_BATCH_BYTES && batch.length > 0) break;
      batch.push(queue.shift()!);
      body = next;
    }
    return batch.length > 0 ? body : null;
  };

  const stop = () => {
    stopped = true;
    queue = [];
    try {
      sessionStorage.setItem(STOPPED_KEY, '1');
    } catch {
      // This page only.
    }
  };

  const flush = (leaving = false) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (stopped || now() < pausedUntil) return;
    const signedIn = token();
    if (!signedIn) {
      if (leaving) queue = [];
      else if (queue.length > 0) timer = setTimeout(() => flush(), FLUSH_DELAY_MS);
      return;
    }
    for (let body = take(); body !== null; body = take()) {
      void postReports(body, signedIn).then((outcome) => {
        if (outcome === 'stored') {
          routeKnown = true;
          if (queue.length > 0) timer ??= setTimeout(() => flush(), FLUSH_DELAY_MS);
        }
        else if (outcome === 'absent') stop();
        else pausedUntil = now() + PAUSE_MS;
      });
      // Until the first answer says the route exists, one request at a time.
      if (!routeKnown) break;
    }
  };

  return {
    report(item) {
      if (stopped || queue.length >= MAX_QUEUED) return;
      queue.push(item);
      if (queue.length >= MAX_BATCH) flush();
      else timer ??= setTimeout(() => flush(), FLUSH_DELAY_MS);
    },
    flush,
  };
}
