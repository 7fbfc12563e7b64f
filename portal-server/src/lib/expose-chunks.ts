// Which scripts each remote's pages need, and their prerendered HTML, read from beside each remote's entry.
import { parseRoutes, type AreaRoute } from 'shared-api/routes';
import { parseAreaPrerender, type AreaPrerender } from './prerender';

/** A chunk file name as the builds write them: no path, no query, nothing to escape. */
export function isScriptFileName(value: unknown): value is string {
  return typeof value === 'string' && /^[\w.-]+\.js$/.test(value);
}

/** The remote entry a configured remote URL stands for (the shell does the same: remote-loader.ts). */
export function remoteEntryUrl(configured: string): string | null {
  try {
    const url = new URL(configured);
    return url.pathname.endsWith('.json') ? new URL('remoteEntry.js', url).href : url.href;
  } catch {
    return null;
  }
}

/** `at`: when the read that got it started; `confirmed`: the last read answered (a kept listing may be outdated). */
type Listing = {
  at: number;
  exposes: Record<string, unknown>;
  entry: string | null;
  /** The routes the build declares (its own `src/routes.ts`). */
  routes: AreaRoute[];
  confirmed: boolean;
};

export type ExposeChunkDirectory = {
  warm(timeout?: number): Promise<void>;
  scripts(remote: string, module: string): Promise<string[]>;
  versionedEntry(remote: string, options?: { brief?: boolean }): Promise<string | null>;
  prerender(remote: string, timeout?: number): Promise<AreaPrerender | null>;
  routes(options?: { waitIfStale?: boolean }): Promise<AreaRoute[]>;
};

/**
 * What each remote's build lists in its dist/expose-chunks.json, read over HTTP from beside its entry (a remote
 * deploys on its own, so only it knows its file names): the scripts each page needs beyond the entry, and the
 * entry's versioned copy. A page names a remote's versioned entry only from a read that started after the page was
 * asked for, so a tab opened after a release never names the build before it; a remote whose read is slower than
 * the page may wait (timeoutMs for the route's own remote, briefMs for the others) gets its configured no-cache
 * entry, which is always the live build. An unreachable remote or a bad listing means no preloads and the
 * configured entry, never a slower or broken page; after a failed read the remote is not asked again for retryMs.
 * The preloads and prerendered pages use a listing at most freshMs old.
 */
export function exposeChunkDirectory(
  config: { remotes?: Record<string, string> },
  {
    freshMs = 1_000,
    timeoutMs = 300,
    briefMs = 50,
    retryMs = 1_000,
    routesTimeoutMs = 2_000,
  }: { freshMs?: number; timeoutMs?: number; briefMs?: number; retryMs?: number; routesTimeoutMs?: number } = {},
): ExposeChunkDirectory {
  const known = new Map<string, Listing>();
  /** Each remote's prerendered pages, by the versioned entry of the build they belong to (they never change). */
  const prerendered = new Map<string, { entry: string; pages: Promise<AreaPrerender | null> }>();
  const reading = new Map<string, { startedAt: number; done: Promise<void> }>();
  const failedAt = new Map<string, number>();
  const now = () => performance.now();
  const entryOf = (remote: string) => {
    const configured = config.remotes?.[remote];
    return configured ? remoteEntryUrl(configured) : null;
  };
  const fetchListing = async (entry: string, timeout: number) => {
    try {
      const res = await fetch(new URL('expose-chunks.json', entry), { signal: AbortSignal.timeout(timeout) });
      const body: unknown = res.ok ? await res.json() : null;
      if (!body || typeof body !== 'object') return null;
      const { exposes, entry: versioned, routes } = body as { exposes?: unknown; entry?: unknown; routes?: unknown };
      if (typeof exposes !== 'object' || exposes === null) return null;
      return {
        exposes: exposes as Record<string, unknown>,
        entry: isScriptFileName(versioned) ? versioned : null,
        routes: parseRoutes(routes),
      };
    } catch {
      // Unreachable, too slow or not a listing.
      return null;
    }
  };
  const recentlyFailed = (remote: string) => now() - (failedAt.get(remote) ?? -Infinity) < retryMs;
  /** A read of the remote's listing that started at or after `since`: the one under way, or a new one. */
  const read = (remote: string, entry: string, { since = -Infinity, timeout = timeoutMs } = {}): Promise<void> => {
    const underWay = reading.get(remote);
    if (underWay && underWay.startedAt >= since) return underWay.done;
    const startedAt = now();
    const done = fetchListing(entry, timeout).then((listing) => {
      const last = known.get(remote);
      // Reads may finish out of order: an older read never replaces what a newer one found.
      if (!last || last.at <= startedAt) {
        if (listing) {
          known.set(remote, { at: startedAt, ...listing, confirmed: true });
          failedAt.delete(remote);
        } else {
          if (last) known.set(remote, { ...last, confirmed: false });
          failedAt.set(remote, now());
        }
      }
      if (reading.get(remote)?.done === done) reading.delete(remote);
    });
    reading.set(remote, { startedAt, done });
    return done;
  };
  /** `promise`'s outcome, or false once `ms` have passed (the read goes on for later pages). */
  const within = (promise: Promise<void>, ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void promise.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  /** The remote's configured entry URL and a listing at most freshMs old (or the last one, when reads fail). */
  const current = async (remote: string) => {
    const entry = entryOf(remote);
    if (!entry) return null;
    const listing = known.get(remote);
    if (!(listing?.confirmed && now() - listing.at <= freshMs) && !recentlyFailed(remote)) {
      await read(remote, entry, { since: now() - freshMs });
    }
    return { entry, listing: known.get(remote) };
  };
  return {
    /**
     * Read every remote's listing now, allowing `timeout` ms each: at start-up, so the first visitor's page does not
     * wait for the reads, nor, on a machine still busy starting, go without the versioned entries.
     */
    async warm(timeout = 3_000) {
      await Promise.all(
        Object.keys(config.remotes ?? {}).map((remote) => {
          const entry = entryOf(remote);
          return entry ? read(remote, entry, { timeout }) : undefined;
        }),
      );
      // The prerendered pages too: the first guest page then arrives drawn.
      await Promise.all(Object.keys(config.remotes ?? {}).map((remote) => this.prerender(remote, timeout)));
    },
    /** Absolute URLs of the scripts `module` (such as "./home") of `remote` loads after its entry. */
    async scripts(remote, module) {
      const found = await current(remote);
      const files = found?.listing?.exposes[module];
      if (!found || !Array.isArray(files)) return [];
      return files.filter(isScriptFileName).map((f) => new URL(f, found.entry).href);
    },
    /**
     * Absolute URL of the remote's versioned entry (remoteEntry.<hash>.js) from a read that started now, or null
     * (the page then names the configured no-cache entry, always the live build): when the remote lists none, its
     * read fails or it was failing a moment ago, or the read takes longer than the page waits. `{ brief: true }`, for
     * a remote the page may never open: it waits briefMs, so a slow remote costs the page next to nothing.
     */
    async versionedEntry(remote, { brief = false } = {}) {
      const entry = entryOf(remote);
      if (!entry || recentlyFailed(remote)) return null;
      const since = now();
      if (!(await within(read(remote, entry, { since }), brief ? briefMs : timeoutMs + 50))) return null;
      const listing = known.get(remote);
      return listing?.confirmed && listing.at >= since && listing.entry ? new URL(listing.entry, entry).href : null;
    },
    /**
     * The remote's prerendered pages (its dist/prerender.json), when they belong to the build its confirmed listing
     * names: HTML of another build (a release promoted between the two reads) would not match the code the page
     * loads. Read once per build; a read that failed or found other pages is tried again at the next page.
     */
    async prerender(remote, timeout = timeoutMs) {
      const found = await current(remote);
      const entry = found?.listing?.confirmed ? found.listing.entry : null;
      if (!found || !entry) return null;
      const cached = prerendered.get(remote);
      if (cached?.entry === entry) return cached.pages;
      const pages = fetch(new URL('prerender.json', found.entry), { signal: AbortSignal.timeout(timeout) })
        .then(async (res) => {
          const prerender = res.ok ? parseAreaPrerender(await res.json()) : null;
          return prerender?.entry === entry ? prerender : null;
        })
        .catch(() => null)
        .then((prerender) => {
          if (!prerender) prerendered.delete(remote);
          return prerender;
        });
      prerendered.set(remote, { entry, pages });
      return pages;
    },
    /**
     * The live areas' routes, each area's as its listing declares them (a route naming another area is left out), in
     * the configuration's order of the remotes, from listings at most freshMs old. `waitIfStale`, for an address no
     * known route matches (a release promoted a moment ago may have added it): a fresh read, allowed routesTimeoutMs.
     */
    async routes({ waitIfStale = false } = {}) {
      const names = Object.keys(config.remotes ?? {});
      await Promise.all(
        names.map(async (remote) => {
          const entry = entryOf(remote);
          if (!entry) return;
          if (!waitIfStale) return current(remote);
          const listing = known.get(remote);
          if (listing?.confirmed && now() - listing.at <= freshMs) return;
          return read(remote, entry, { since: now() - freshMs, timeout: routesTimeoutMs });
        }),
      );
      return names.flatMap((remote) => (known.get(remote)?.routes ?? []).filter((route) => route.remote === remote));
    },
  };
}
