import { createContext, createElement, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

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
type State = Omit<DataResponse<unknown>, 'mutate'>;

interface Slot {
  key: Key;
  state: State;
  listeners: Set<() => void>;
  /** The key's read, set by the first hook that mounts it. */
  load?: () => Promise<unknown>;
  mounted: number;
  request?: Promise<unknown>;
  /** Marked stale while nobody showed it: the next mount reads it even where cached data is otherwise kept. */
  stale?: boolean;
}

/** One cache of server state: a slot per key, its state replaced (never changed in place) so React sees each change. */
export type DataCache = Map<string, Slot>;

export const createDataCache = (): DataCache => new Map();

/** A key nobody asked for yet: its first mount reads it. */
const UNREAD: State = { isValidating: true, isLoading: true };
const NO_KEY: State = { isValidating: false, isLoading: false };

function slotOf(cache: DataCache, key: Key): Slot {
  const id = JSON.stringify(key);
  let slot = cache.get(id);
  if (!slot) cache.set(id, (slot = { key, state: UNREAD, listeners: new Set(), mounted: 0 }));
  return slot;
}

function set(slot: Slot, change: Partial<State>): void {
  slot.state = { ...slot.state, ...change };
  slot.listeners.forEach((listener) => listener());
}

/**
 * Reads the key: a read under way is shared unless `again` (a change the customer made must not take an answer that
 * left before it); the answer of a read that a later read or a local change replaced is dropped. No retries.
 */
function read(slot: Slot, again: boolean): Promise<unknown> {
  if (!slot.load || (slot.request && !again)) return slot.request ?? Promise.resolve(slot.state.data);
  slot.stale = false;
  const settle = (change: Partial<State>) => {
    if (slot.request === request) {
      slot.request = undefined;
      set(slot, { ...change, isValidating: false, isLoading: false });
    }
    return slot.state.data;
  };
  const request: Promise<unknown> = slot.load().then(
    (data) => settle({ data, error: undefined }),
    (error: unknown) => settle({ error }),
  );
  slot.request = request;
  set(slot, { isValidating: true, isLoading: slot.state.data === undefined });
  return request;
}

function mutate(slot: Slot, update?: unknown, { revalidate = true }: MutateOptions = {}): Promise<unknown> {
  if (update !== undefined) {
    slot.request = undefined;
    const data = typeof update === 'function' ? (update as (current: unknown) => unknown)(slot.state.data) : update;
    set(slot, { data, error: undefined, isValidating: false, isLoading: false });
  }
  if (!revalidate) return Promise.resolve(slot.state.data);
  if (slot.mounted > 0) return read(slot, true);
  slot.stale = true;
  return Promise.resolve(slot.state.data);
}

/**
 * Reads again, for every hook on screen, when the customer comes back to the tab or the network comes back; the focus
 * and visibility events of one return share one request, so no throttle is needed.
 */
const onScreen = new Set<() => void>();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  // Offline only once the browser said so: `navigator.onLine` is false wherever no network interface is up, even
  // for a portal served from the same machine.
  let online = true;
  const readAgain = () => {
    if (document.visibilityState !== 'hidden' && online) onScreen.forEach((revalidate) => revalidate());
  };
  document.addEventListener('visibilitychange', readAgain);
  window.addEventListener('focus', readAgain);
  window.addEventListener('offline', () => (online = false));
  window.addEventListener('online', () => {
    online = true;
    readAgain();
  });
}

const CacheContext = createContext(createDataCache());

/** Gives what it wraps a cache of its own (tests: no answer or shared request of another test is seen). */
export function DataCacheProvider({ cache, children }: { cache: DataCache; children?: ReactNode }) {
  return createElement(CacheContext.Provider, { value: cache }, children);
}

export interface DataOptions {
  /** While a new key has no data, show the last key's (of the same session). */
  keepPreviousData?: boolean;
  /** Read on mount even when the key has data (default true); a key marked stale is read anyway. */
  revalidateIfStale?: boolean;
}

/**
 * The key's data, read on mount: callers at the same time share one request, but a screen that opens after it ended
 * reads again (a cached answer would hide the balance the operator just credited on arriving at /home). A failure is
 * shown with a Retry the customer chooses (spec section 8): no retries on a timer, which would repeat calls on a slow
 * network by themselves. A null key asks for nothing; the key's first item is the session token.
 */
export function useData<K extends Key, T>(
  key: K | null,
  load: (key: K) => Promise<T>,
  options: DataOptions = {},
): DataResponse<T> {
  const cache = useContext(CacheContext);
  const slot = key && slotOf(cache, key);
  const subscribe = useCallback(
    (listener: () => void) => {
      slot?.listeners.add(listener);
      return () => void slot?.listeners.delete(listener);
    },
    [slot],
  );
  const snapshot = () => slot?.state ?? NO_KEY;
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);

  useEffect(() => {
    if (!slot) return;
    slot.load ??= () => load(slot.key as K);
    slot.mounted++;
    const revalidate = () => void read(slot, false);
    // Marked stale: not even a read under way since before the change will do.
    if (slot.stale) void read(slot, true);
    else if (slot.state.data === undefined || options.revalidateIfStale !== false) revalidate();
    onScreen.add(revalidate);
    listen();
    return () => {
      slot.mounted--;
      onScreen.delete(revalidate);
    };
    // The slot stands for the key (and cache); `load` and the options are fixed per hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slot]);

  const previous = useRef<readonly [token: unknown, data: unknown]>(undefined);
  useEffect(() => {
    if (key && state.data !== undefined) previous.current = [key[0], state.data];
  });
  const last = previous.current;
  const data = state.data ?? (options.keepPreviousData && key && last && last[0] === key[0] ? last[1] : undefined);

  const bound = useCallback<Mutate<unknown>>(
    (update, opts) => (slot ? mutate(slot, update, opts) : Promise.resolve(undefined)),
    [slot],
  );
  return { ...state, data: data as T | undefined, mutate: bound as Mutate<T> };
}

export const useDataCache = () => useContext(CacheContext);

/** Reads the cached keys `filter` matches again: at once where shown, on their next mount otherwise. */
export const markStale = (cache: DataCache, filter: (key: Key) => boolean): Promise<void> =>
  Promise.all([...cache.values()].filter((slot) => filter(slot.key)).map((slot) => mutate(slot))).then(() => undefined);

/** Caches `data` for `key` without reading it. */
export const putData = (cache: DataCache, key: Key, data: unknown): Promise<unknown> =>
  mutate(slotOf(cache, key), data, { revalidate: false });
