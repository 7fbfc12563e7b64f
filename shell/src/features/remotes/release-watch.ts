import { routeAt, type RemoteName } from 'shared-api';
import { canaryShare } from '../health/canary';

/**
 * What an open tab knows of the live releases (shell/README.md, "Releases"): the pointer document the site writer
 * publishes on the shell's origin (`/releases.json`, no-cache with a validator), read in the background, so that a
 * navigation never waits for a read. The page names the releases it was served with in `<meta name="portal-releases">`.
 */
export interface ReleasePointer {
  version: string;
  shell: { live: string; withdrawn: string[] };
  remotes: Record<string, { live: string | null; canary: { entry: string; percent: number } | null; withdrawn: string[] }>;
}

export const POINTER_URL = '/releases.json';
/** A visible tab reads the pointer at most this often on its own (besides on becoming visible, focus and online). */
export const READ_EVERY_MS = 60_000;

/** The pointer's version and the shell build this page was served with. */
const page = () => {
  const [version = '', shell = ''] = document.querySelector<HTMLMetaElement>('meta[name="portal-releases"]')?.content.split(' ') ?? [];
  return { version, shell };
};

let known: ReleasePointer | undefined;
let reading: Promise<ReleasePointer | undefined> | undefined;

const isPointer = (value: unknown): value is ReleasePointer => {
  const doc = value as Partial<ReleasePointer> | null;
  return typeof doc?.version === 'string' && typeof doc.shell === 'object' && typeof doc.remotes === 'object';
};

/** Reads the pointer now (one read at a time); what the tab knew stays when it cannot be read. */
export function readPointer(): Promise<ReleasePointer | undefined> {
  reading ??= fetch(POINTER_URL, { cache: 'no-cache' })
    .then((response) => (response.ok ? response.json() : undefined))
    .then((doc: unknown) => {
      if (isPointer(doc)) known = doc;
      return known;
    })
    .catch(() => known)
    .finally(() => (reading = undefined));
  return reading;
}

/** The tab knows of a release newer than its page's: its next navigation is a full page load. */
export const isOutdated = (): boolean => known !== undefined && page().version !== '' && known.version !== page().version;

/** A rollback (or a canary taken back) withdrew this build of `remote`. */
export const isWithdrawn = (remote: RemoteName, entry: string | undefined): boolean =>
  entry !== undefined && (known?.remotes[remote]?.withdrawn.includes(entry) ?? false);

/** The build of `remote` this browser gets now, as the tab knows it (its canary when its share is in it). */
export function liveEntry(remote: RemoteName): string | undefined {
  const area = known?.remotes[remote];
  if (!area) return undefined;
  return (area.canary && canaryShare() < area.canary.percent ? area.canary.entry : area.live) ?? undefined;
}

/** Forms the customer typed into: input not sent yet, which a reload would lose. */
const typedInto = new Set<HTMLFormElement>();

/** A dialog is open, or a form holds input the customer has not sent: a reload now would take it from them. */
function busy(): boolean {
  for (const form of typedInto) if (!form.isConnected) typedInto.delete(form);
  return typedInto.size > 0 || document.querySelector('dialog[open], [role="dialog"], [role="alertdialog"]') !== null;
}

let replacing = false;

/** A full page load of the address on screen (the new page names the live builds); a function of its own for tests. */
export const releaseWatch = { reloadPage: () => window.location.reload() };

/** Loads the page again, now or, while the customer is busy (`busy`), as soon as that ends. */
function replaceWhenFree(): void {
  if (replacing) return;
  replacing = true;
  const reload = () => {
    if (busy()) return false;
    releaseWatch.reloadPage();
    return true;
  };
  if (reload()) return;
  const watch = new MutationObserver(() => {
    if (reload()) watch.disconnect();
  });
  watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'role'] });
}

/**
 * Starts watching: the pointer is read when the tab becomes visible, regains focus or comes back online, and every
 * READ_EVERY_MS while visible; at once when a service worker answered the page (it may be a cached copy). A build the
 * tab shows that a rollback withdrew (the shell, or the area on screen: `shown`) is replaced at once by a page load.
 */
export function watchReleases(shown: (remote: RemoteName) => string | undefined): void {
  // Typing in a search field sends nothing: only a form's other fields hold input worth keeping.
  document.addEventListener('input', (event) => {
    const field = event.target as HTMLInputElement;
    if (field.form && field.type !== 'search') typedInto.add(field.form);
  });
  document.addEventListener('reset', (event) => typedInto.delete(event.target as HTMLFormElement));
  const check = () =>
    void readPointer().then((pointer) => {
      if (!pointer) return;
      const remote = routeAt(window.location.pathname)?.remote;
      if (pointer.shell.withdrawn.includes(page().shell) || (remote && isWithdrawn(remote, shown(remote)))) replaceWhenFree();
    });
  const whenVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', whenVisible);
  window.addEventListener('focus', check);
  window.addEventListener('online', check);
  setInterval(whenVisible, READ_EVERY_MS);
  if (navigator.serviceWorker?.controller) check();
}

/** Tests only: a fresh page that knows nothing yet. */
export function forgetPointer(): void {
  known = undefined;
  replacing = false;
  typedInto.clear();
}
