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

/** `confirmed`: the last read answered; a listing kept after a failed read may name a build since replaced. */
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
  versionedEntry(remote: string, options?: { waitIfStale?: boolean }): Promise<string | null>;
  prerender(remote: string, timeout?: number): Promise<AreaPrerender | null>;
  routes(options?: { waitIfStale?: boolean }): Promise<AreaRoute[]>;
};

/**
 * What each remote's build lists in its dist/expose-chunks.json, read over HTTP from beside its entry (a remote
 * deploys on its own, so only it knows its file names): the scripts each page needs beyond the entry, and the
 * entry's versioned copy. A listing older than maxAgeMs is read again before it is used, so a redeployed remote
 * never has its old build named for long; a page of the remote's own route waits for a listing at most freshMs old,
 * so a release promoted a moment after another page's read still shows at the next page load. An unreachable
 * remote or a bad listing means no preloads and the configured entry, never a slower or broken page. A read that
 * fails keeps the last good listing (a remote too busy to answer in timeoutMs has not lost its files) and is tried
 * again after retryMs, not maxAgeMs.
 */
export function exposeChunkDirectory(
  config: { remotes?: Record<string, string> },
  {
    maxAgeMs = 5_000,
    freshMs = 1_000,
    timeoutMs = 300,
    retryMs = 1_000,
    routesTimeoutMs = 2_000,
  }: { maxAgeMs?: number; freshMs?: number; timeoutMs?: number; retryMs?: number; routesTimeoutMs?: number } = {},
): ExposeChunkDirectory {
  const known = new Map<string, Listing>();
  /** Each remote's prerendered pages, by the versioned entry of the build they belong to (they never change). */
  const prerendered = new Map<string, { entry: string; pages: Promise<AreaPrerender | null> }>();
  const reading = new Map<string, Promise<void>>();
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
  const read = (remote: string, entry: string, timeout = timeoutMs): Promise<void> => {
    let done = reading.get(remote);
    if (!done) {
      done = fetchListing(entry, timeout).then((listing) => {
        if (listing) known.set(remote, { at: Date.now(), ...listing, confirmed: true });
        else {
          const last = known.get(remote) ?? { exposes: {}, entry: null, routes: [] };
          known.set(remote, { ...last, confirmed: false, at: Date.now() - maxAgeMs + Math.min(retryMs, maxAgeMs) });
        }
        reading.delete(remote);
      });
      reading.set(remote, done);
    }
    return done;
  };
  /**
   * The remote's configured entry URL and its current listing: with `waitIfStale`, one at most freshMs old; without,
   * a listing older than maxAgeMs is used as it is while a fresh one is read for the next page.
   */
  const current = async (remote: string, { waitIfStale = true } = {}) => {
    const entry = entryOf(remote);
    if (!entry) return null;
    const listing = known.get(remote);
    const age = listing ? Date.now() - listing.at : Infinity;
    if (!listing) await read(remote, entry);
    // A failed read has already set its own retry time in `at`.
    else if (waitIfStale && listing.confirmed && age > freshMs) await read(remote, entry);
    else if (age > maxAgeMs) {
      const refreshed = read(remote, entry);
      if (waitIfStale) await refreshed;
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
          return entry ? read(remote, entry, timeout) : undefined;
        }),
      );
      // The prerendered pages too: the first guest page then arrives drawn.
      await Promise.all(Object.keys(config.remotes ?? {}).map((remote) => this.prerender(remote, timeout)));
    },
    /**
     * The live areas' routes, each area's as its listing declares them (a route naming another area is left out), in
     * the configuration's order of the remotes. `waitIfStale` as for `versionedEntry`: for an address no known route
     * matches, which a release promoted a moment ago may have added.
     */
    async routes({ waitIfStale = false } = {}) {
      const names = Object.keys(config.remotes ?? {});
      await Promise.all(
        names.map(async (remote) => {
          const entry = entryOf(remote);
          const listing = known.get(remote);
          if (!entry) return;
          // An address that depends on it waits longer than a preload would: without the routes the page has none.
          if (!listing) await read(remote, entry, waitIfStale ? routesTimeoutMs : timeoutMs);
          else if (waitIfStale && (!listing.confirmed || Date.now() - listing.at > freshMs)) {
            await read(remote, entry, routesTimeoutMs);
          } else if (Date.now() - listing.at > maxAgeMs) void read(remote, entry);
        }),
      );
      return names.flatMap((remote) => (known.get(remote)?.routes ?? []).filter((route) => route.remote === remote));
    },
    /** Absolute URLs of the scripts `module` (such as "./home") of `remote` loads after its entry. */
    async scripts(remote, module) {
      const found = await current(remote);
      const files = found?.listing?.exposes[module];
      if (!found || !Array.isArray(files)) return [];
      return files.filter(isScriptFileName).map((f) => new URL(f, found.entry).href);
    },
    /**
     * Absolute URL of the remote's versioned entry (remoteEntry.<hash>.js), or null when it lists none. Pass
     * `{ waitIfStale: false }` for a remote the page may never open: a slow remote then costs the page nothing.
     * Waiting, it is also null when the fresh read failed: the configured no-cache entry is always the live build,
     * whereas the last good listing may name one a promotion has just replaced.
     */
    async versionedEntry(remote, options) {
      const found = await current(remote, options);
      const listing = found?.listing;
      if (!found || !listing?.entry) return null;
      if (options?.waitIfStale !== false && !listing.confirmed) return null;
      return new URL(listing.entry, found.entry).href;
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
  };
}
