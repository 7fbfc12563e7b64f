import { routeAt, type RemoteName } from 'shared-api';
import { releaseOfEntry } from './canary';
import { createReporter, errorName, routePattern, type HealthReport, type Reporter } from './reporter';

let reporter: Reporter | undefined;
let entryOf: (remote: RemoteName) => string | undefined = () => undefined;
const loaded = new Set<string>();

/** Queues a report about `remote`'s release whose entry this page registered; untagged (unknown release) is dropped. */
function send(remote: RemoteName, entry: string | undefined, item: Omit<HealthReport, 'app' | 'release' | 'route'>): void {
  const release = releaseOfEntry(remote, entry);
  if (!reporter || !release) return;
  reporter.report({ ...item, app: remote, release, route: routePattern(window.location.pathname) });
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
  send(remote, entry, { kind: 'error', name: errorName(error) });
}

/** The area on screen: an uncaught error or a Web Vital is counted against its release. */
const areaOnScreen = () => routeAt(window.location.pathname)?.remote;

/**
 * Reports each area release's health to the API: uncaught errors and rejections (against the area on screen),
 * area failures (`reportAreaError`), loads, and LCP, INP and CLS (web-vitals, loaded when the page is idle).
 * `registered` tells which entry this page registered for a remote, so a report names the release it ran.
 */
export function installHealthReporting(registered: (remote: RemoteName) => string | undefined): void {
  if (reporter || typeof window === 'undefined') return;
  entryOf = registered;
  reporter = createReporter();
  const onScreen = (item: Omit<HealthReport, 'app' | 'release' | 'route'>) => {
    const remote = areaOnScreen();
    if (remote) send(remote, entryOf(remote), item);
  };
  window.addEventListener('error', (event) => onScreen({ kind: 'error', name: errorName(event.error) }));
  window.addEventListener('unhandledrejection', (event) => onScreen({ kind: 'error', name: errorName(event.reason) }));
  const vitals = () =>
    import(/* webpackChunkName: "web-vitals" */ 'web-vitals')
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
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void vitals());
  else setTimeout(() => void vitals(), 0);
}
