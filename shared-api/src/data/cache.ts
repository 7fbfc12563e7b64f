import { createElement, useCallback, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import useSWR, {
  SWRConfig,
  unstable_serialize,
  useSWRConfig,
  type Cache,
  type ScopedMutator,
  type SWRConfiguration,
} from 'swr';
import { isApiError, showLastKnown } from 'shared-api';
import { lastKnownEntry, lastKnownId, rememberLastKnown, subscribeLastKnown } from './last-known';

/** What a data hook answers: the key's last data and error, and whether a read is under way. */
export interface DataResponse<T> {
  data?: T;
  /** The last read's failure; kept (with any earlier data) until a read succeeds. */
  error?: unknown;
  /** A read of the key is under way. */
  isValidating: boolean;
  /** A read is under way and the key has no data yet. */
  isLoading: boolean;
  mutate: Mutate<T>;
  /**
   * Set while `data` is last-known rather than a fresh answer (kept from an earlier visit, or the service cannot be
   * reached now): when the server sent it, in epoch ms.
   */
  lastKnownAt?: number;
}

export interface MutateOptions {
  /** Read the key again after the change (default true). */
  revalidate?: boolean;
}

/**
 * `mutate()` reads the key again; `mutate(data or updater, { revalidate: false })` changes what is shown without
 * reading. Resolves with the data then cached, never rejects.
 */
export type Mutate<T> = (
  update?: T | ((current?: T) => T | undefined),
  options?: MutateOptions,
) => Promise<T | undefined>;

type Key = readonly unknown[];

/**
 * SWR as published, with three of its options: callers at the same time share one request, but a screen that opens
 * after it ended reads again (SWR's default reuses an answer up to 2 s old, which would hide the balance the operator
 * just credited on arriving at /home); a failure shows a Retry the customer chooses (spec section 8), never a retry on
 * a timer that repeats calls on a slow network; each return to the tab reads again (the focus and visibility events of
 * one return share one request).
 */
const swrOptions: SWRConfiguration = { dedupingInterval: 0, shouldRetryOnError: false, focusThrottleInterval: 0 };

/** Per SWR cache: each key asked for (by SWR's id), how many hooks show it, the ones marked stale while nobody did. */
interface Marks {
  keys: Map<string, Key>;
  shown: Map<string, number>;
  stale: Set<string>;
}
const marksOf = new WeakMap<Cache, Marks>();

/** When each answer shown arrived from the server (epoch ms), so data shown after a failed read can say its age. */
const arrivedAt = new WeakMap<object, number>();
const timeOf = (data: unknown): number | undefined =>
  typeof data === 'object' && data !== null ? arrivedAt.get(data) : undefined;

const noEntry = () => undefined;

function marks(cache: Cache): Marks {
  let found = marksOf.get(cache);
  if (!found) marksOf.set(cache, (found = { keys: new Map(), shown: new Map(), stale: new Set() }));
  return found;
}

/** Gives what it wraps a cache of its own (tests: no answer or shared request of another test is seen). */
export function FreshDataCacheProvider({ children }: { children?: ReactNode }) {
  return createElement(SWRConfig, { value: { provider: () => new Map() } }, children);
}

export interface DataOptions {
  /** While a new key has no data, show the last key's (of the same session). */
  keepPreviousData?: boolean;
  /** Read on mount even when the key has data (default true); a key marked stale is read anyway. */
  revalidateIfStale?: boolean;
  /** Each answer replaces the last: SWR's own comparison (dequal/lite) finds any two Maps equal. */
  distinctReads?: boolean;
}

/**
 * The key's data through SWR, read on mount. A null key asks for nothing; the key's first item is the session token,
 * so the page kept on screen while the next loads (`keepPreviousData`) is never another session's, which SWR's own
 * option would show.
 */
export function useData<K extends Key, T>(
  key: K | null,
  load: (key: K) => Promise<T>,
  options: DataOptions = {},
): DataResponse<T> {
  const { cache } = useSWRConfig();
  const swr = useSWR<T, unknown>(key, load as (key: unknown) => Promise<T>, {
    ...swrOptions,
    revalidateIfStale: options.revalidateIfStale ?? true,
    ...(options.distinctReads && { compare: (a, b) => a === b }),
  });
  const id = key && unstable_serialize(key);
  const { mutate: swrMutate } = swr;

  useEffect(() => {
    if (!key || !id) return;
    const { keys, shown, stale } = marks(cache);
    keys.set(id, key);
    shown.set(id, (shown.get(id) ?? 0) + 1);
    // Marked stale while nobody showed it: read now, even where cached data is otherwise kept.
    if (stale.delete(id)) void swrMutate();
    return () => void shown.set(id, shown.get(id)! - 1);
    // The id stands for the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, id, swrMutate]);

  // A key of `lastKnownReads` shows what this customer saw last time until the server answers (IndexedDB, read as the
  // page starts); a hydrating page draws what the server drew first.
  const keptId = key && lastKnownId(key);
  const kept = useSyncExternalStore(subscribeLastKnown, () => lastKnownEntry(keptId), noEntry);

  const previous = useRef<readonly [token: unknown, data: unknown]>(undefined);
  useEffect(() => {
    if (key && swr.data !== undefined) previous.current = [key[0], swr.data];
  });
  useEffect(() => {
    const fresh = swr.data;
    if (fresh === undefined || (typeof fresh === 'object' && fresh !== null && arrivedAt.has(fresh))) return;
    const at = Date.now();
    if (typeof fresh === 'object' && fresh !== null) arrivedAt.set(fresh, at);
    if (keptId) rememberLastKnown(keptId, fresh, at);
  }, [swr.data, keptId]);
  if (kept && typeof kept.data === 'object' && kept.data !== null && !arrivedAt.has(kept.data)) {
    arrivedAt.set(kept.data, kept.at);
  }
  const last = previous.current;
  const showsKept = swr.data === undefined && kept !== undefined;
  const data =
    swr.data ??
    (kept?.data as T | undefined) ??
    (options.keepPreviousData && key && last && last[0] === key[0] ? (last[1] as T) : undefined);
  // Not reaching the service is no reason to hide what the customer saw last: it stays, with its time.
  const unreachable = isApiError(swr.error) && swr.error.unreachable;
  const lastKnownAt =
    data !== undefined && (showsKept || unreachable) ? (showsKept ? kept.at : timeOf(data)) : undefined;
  const error = lastKnownAt !== undefined && unreachable ? undefined : swr.error;
  useEffect(() => (lastKnownAt === undefined ? undefined : showLastKnown(lastKnownAt)), [lastKnownAt]);

  const mutate = useCallback<Mutate<T>>(
    (update, { revalidate = true } = {}) => {
      if (update !== undefined) return swrMutate(update as T | ((current?: T) => T), { revalidate });
      return revalidate ? swrMutate() : Promise.resolve(id ? (cache.get(id)?.data as T | undefined) : undefined);
    },
    [cache, id, swrMutate],
  );
  return {
    data,
    error,
    isLoading: swr.isLoading && !showsKept,
    isValidating: swr.isValidating,
    mutate,
    ...(lastKnownAt !== undefined && { lastKnownAt }),
  };
}

/** SWR's cache and the `mutate` bound to it. */
export interface DataCache {
  cache: Cache;
  mutate: ScopedMutator;
}

/** The cache every area shares (SWR's own; swr is a federation singleton), or a test's own. */
export const useDataCache = (): DataCache => useSWRConfig();

/** Reads the cached keys `filter` matches again: at once where shown, on their next mount otherwise. */
export function markStale({ cache, mutate }: DataCache, filter: (key: Key) => boolean): Promise<void> {
  const { keys, shown, stale } = marks(cache);
  keys.forEach((key, id) => {
    if (filter(key) && !shown.get(id)) stale.add(id);
  });
  return mutate((key) => Array.isArray(key) && filter(key)).then(
    () => undefined,
    () => undefined,
  );
}

/** Caches `data` for `key` without reading it. */
export const putData = (mutate: ScopedMutator, key: Key, data: unknown): Promise<unknown> =>
  mutate(key, data, { revalidate: false });
