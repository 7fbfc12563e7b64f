import { routeAt, type RemoteName } from 'shared-api';
import { whenAreaReady } from '../remotes/area-ready';
import { releaseOfEntry } from './canary';
import type { HealthReport, Reporter } from './reporter';

/** A report before the reporter's code has arrived: its error and address are named once it has (reporter.ts). */
type Pending = Omit<HealthReport, 'app' | 'release' | 'route' | 'name'> & {
  app: RemoteName;
  release: string;
  pathname: string;
  name?: string;
  error?: unknown;
};

let installed = false;
let reporter: Reporter | undefined;
let named: typeof import('./reporter') | undefined;
const pending: Pending[] = [];
let entryOf: (remote: RemoteName) => string | undefined = () => undefined;
const loaded = new Set<string>();

function deliver(item: Pending): void {
  if (!reporter || !named) {
    // A page throwing in a loop before then queues no flood (the reporter keeps as many).
    if (pending.length < 100) pending.push(item);
    return;
  }
  const { pathname, error, ...report } = item;
  reporter.report({ ...report, name: report.name ?? named.errorName(error), route: named.routePattern(pathname) } as HealthReport);
}

/** Queues a report about `remote`'s release whose entry this page registered; untagged (unknown release) is dropped. */
function send(remote: RemoteName, entry: string | undefined, item: Omit<Pending, 'app' | 'release' | 'pathname'>): void {
  const release = releaseOfEntry(remote, entry);
  if (!installed || !release) return;
  deliver({ ...item, app: remote, release, pathname: window.location.pathname } as Pending);
}

/** An area's page module loaded: counts this tab as a session of that release (once per release). */
export function reportAreaLoaded(remote: RemoteName, entry: string | undefined): void {
  const key = `${remote} ${entry}`;
  if (loaded.has(key)) return;
  loaded.add(key);
  send(remote, entry, { kind: 'load', name: 'area' });
}

/** An area's error boundary caught `error` (a render error, or its code failing to load). */
export function reportAreaError(remote: RemoteName, entry: string | undefined, error: unknown): void {
  send(remote, entry, { kind: 'error', error });
}

/** The area on screen: an uncaught error or a Web Vital is counted against its release. */
const areaOnScreen = () => routeAt(window.location.pathname)?.remote;

const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : setTimeout(run, 0));

/**
 * How long after the first screen is usable the reporter and web-vitals are fetched: the first reports wait 5 s for
 * others anyway, and web-vitals reads the page's LCP, INP and CLS entries from the browser's buffer.
 */
export const REPORTER_AFTER_MS = 5_000;

/**
 * Reports each area release's health to the API: uncaught errors and rejections (against the area on screen),
 * area failures (`reportAreaError`), loads, and LCP, INP and CLS. `registered` tells which entry this page registered
 * for a remote, so a report names the release it ran. Nothing of it is on the first screen's path: the reporter and
 * web-vitals are fetched in idle time REPORTER_AFTER_MS after the first screen is usable, and what happened before
 * waits for them.
 */
export function installHealthReporting(registered: (remote: RemoteName) => string | undefined): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  entryOf = registered;
  const onScreen = (item: Omit<Pending, 'app' | 'release' | 'pathname'>) => {
    const remote = areaOnScreen();
    if (remote) send(remote, entryOf(remote), item);
  };
  window.addEventListener('error', (event) => onScreen({ kind: 'error', error: event.error }));
  window.addEventListener('unhandledrejection', (event) => onScreen({ kind: 'error', error: event.reason }));
  const start = () =>
    import(/* webpackChunkName: "health" */ './reporter')
      .then((module) => {
        named = module;
        reporter = module.createReporter();
        for (const item of pending.splice(0)) deliver(item);
      })
      .then(() => import(/* webpackChunkName: "web-vitals" */ 'web-vitals'))
      .then(({ onCLS, onINP, onLCP }) => {
        const vital = ({ name, value }: { name: string; value: number }) => onScreen({ kind: 'vital', name, value: Math.max(0, value) });
        onLCP(vital);
        onINP(vital);
        onCLS(vital);
      })
      .catch(() => undefined)
      .finally(() => {
        // After web-vitals' own listeners, so the values it reports as the page is hidden go in the same beacon.
        const leaving = () => reporter?.flush(true);
        window.addEventListener('pagehide', leaving);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') leaving();
        });
      });
  whenAreaReady(() => setTimeout(() => whenIdle(() => void start()), REPORTER_AFTER_MS));
}
