import { createElement, useCallback, useEffect, useReducer, useRef, useSyncExternalStore, type ReactNode } from 'react';
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
 * SWR as published, with these options: callers at the same time share one request, but a screen that opens after
 * it ended reads again (SWR's default reuses an answer up to 2 s old, which would hide the balance the operator just
 * credited on arriving at /home); each return to the tab reads again (the focus and visibility events of one return
 * share one request); a failure shows a Retry the customer chooses (spec section 8), and only a read that could not
 * reach the service is tried again by itself (`retryOptions`), so the page comes back when the API does.
 */
const swrOptions: SWRConfiguration = { dedupingInterval: 0, focusThrottleInterval: 0 };

/** The longest wait between two automatic retries: a phone on a slow network pays for every attempt. */
const MAX_RETRY_DELAY = 60_000;

/** The wait before automatic retry number `retryCount` (from 1): `first`, then twice as long each time, at most a minute. */
export const retryDelay = (first: number, retryCount: number): number =>
  Math.min(first * 2 ** (retryCount - 1), MAX_RETRY_DELAY);

/** Only "the service was not reached" (no answer, or a gateway's 502/503/504): a refusal would answer the same again. */
const retryable = (error: unknown): boolean => isApiError(error) && error.unreachable;

/**
 * A background retry's failure, mapped to the failure already shown: screens keep one error object (no second toast,
 * no new alert) while the service stays unreachable.
 */
const firstFailure = new WeakMap<object, unknown>();
const shownFailure = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (firstFailure.get(error) ?? error) : error;

/** Per SWR cache: each key asked for (by SWR's id), how many hooks show it, the ones marked stale while nobody did. */
interface Marks {
  keys: Map<string, Key>;
  shown: Map<string, number>;
  stale: Set<string>;
  /** The one pending automatic retry of each key that could not reach the service. */
  retries: Map<string, ReturnType<typeof setTimeout>>;
  /** The keys whose read under way is an automatic retry, which screens do not show as loading. */
  background: Set<string>;
}
const marksOf = new WeakMap<Cache, Marks>();

/** When each answer shown arrived from the server (epoch ms), so data shown after a failed read can say its age. */
const arrivedAt = new WeakMap<object, number>();
const timeOf = (data: unknown): number | undefined =>
  typeof data === 'object' && data !== null ? arrivedAt.get(data) : undefined;

const noEntry = () => undefined;

function marks(cache: Cache): Marks {
  let found = marksOf.get(cache);
  if (!found)
    marksOf.set(
      cache,
      (found = { keys: new Map(), shown: new Map(), stale: new Set(), retries: new Map(), background: new Set() }),
    );
  return found;
}

/**
 * SWR's retry options for one cache: a read that could not reach the service is read again after SWR's
 * `errorRetryInterval` (5 s, 10 s on a slow connection), then after twice as long each time, at most a minute apart,
 * while someone shows it. None while the tab is hidden or the browser offline: SWR reads again on the return to the tab
 * or the network. One pending retry per key; none while a read of the key (a pressed Retry) is under way.
 */
const retryOptionsOf = new WeakMap<Cache, SWRConfiguration>();
function retryOptions(cache: Cache): SWRConfiguration {
  let found = retryOptionsOf.get(cache);
  if (found) return found;
  const { shown, retries, background } = marks(cache);
  const settle = (key: string) => {
    background.delete(key);
    clearTimeout(retries.get(key));
    retries.delete(key);
  };
  found = {
    shouldRetryOnError: retryable,
    onErrorRetry: (_error, key, config, revalidate, options) => {
      clearTimeout(retries.get(key));
      const retry = () => {
        retries.delete(key);
        const offline = !config.isOnline() || (typeof navigator !== 'undefined' && navigator.onLine === false);
        if (!config.isVisible() || offline || !shown.get(key)) return;
        const state = cache.get(key);
        if (state?.isValidating || !retryable(state?.error)) return;
        background.add(key);
        void revalidate(options);
      };
      retries.set(key, setTimeout(retry, retryDelay(config.errorRetryInterval, options.retryCount)));
    },
    onError: (error, key) => {
      const before = cache.get(key)?.error;
      if (background.delete(key) && retryable(error) && retryable(before)) {
        firstFailure.set(error, shownFailure(before));
      }
    },
    onSuccess: (_data, key) => settle(key),
    onDiscarded: (key) => void background.delete(key),
  };
  retryOptionsOf.set(cache, found);
  return found;
}

/**
 * Gives what it wraps a cache of its own (tests: no answer or shared request of another test is seen); `retryAfterMs`
 * sets the first automatic retry's wait (SWR's `errorRetryInterval`), so a test need not wait 5 s.
 */
export function FreshDataCacheProvider({ children, retryAfterMs }: { children?: ReactNode; retryAfterMs?: number }) {
  const value: SWRConfiguration = {
    provider: () => new Map(),
    ...(retryAfterMs !== undefined && { errorRetryInterval: retryAfterMs }),
  };
  return createElement(SWRConfig, { value }, children);
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
    ...retryOptions(cache),
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
  const error = lastKnownAt !== undefined && unreachable ? undefined : shownFailure(swr.error);
  // An automatic retry keeps the screen as it is (the failure with its Retry, or the last-known data) until it ends.
  const inBackground = id !== null && marks(cache).background.has(id);
  // SWR's state does not change when a pressed Retry joins an automatic one under way: this hook redraws itself.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => (lastKnownAt === undefined ? undefined : showLastKnown(lastKnownAt)), [lastKnownAt]);

  const mutate = useCallback<Mutate<T>>(
    (update, { revalidate = true } = {}) => {
      if (update !== undefined) return swrMutate(update as T | ((current?: T) => T), { revalidate });
      // A pressed Retry shows its loading state, even over an automatic retry under way.
      if (revalidate && id && marks(cache).background.delete(id)) redraw();
      return revalidate ? swrMutate() : Promise.resolve(id ? (cache.get(id)?.data as T | undefined) : undefined);
    },
    [cache, id, swrMutate, redraw],
  );
  return {
    data,
    error,
    isLoading: swr.isLoading && !showsKept && !inBackground,
    isValidating: swr.isValidating && !inBackground,
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
  const { keys, shown, stale, background } = marks(cache);
  keys.forEach((key, id) => {
    if (!filter(key)) return;
    if (!shown.get(id)) stale.add(id);
    // A change's read shows as loading, even over an automatic retry under way.
    background.delete(id);
  });
  return mutate((key) => Array.isArray(key) && filter(key)).then(
    () => undefined,
    () => undefined,
  );
}

/** Caches `data` for `key` without reading it. */
export const putData = (mutate: ScopedMutator, key: Key, data: unknown): Promise<unknown> =>
  mutate(key, data, { revalidate: false });
