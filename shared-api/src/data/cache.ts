import { createElement, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import useSWR, { SWRConfig, useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import { isApiError, showLastKnown, useSession } from 'shared-api';
import { keepLastKnown, lastKnownEntry, rememberLastKnown, subscribeLastKnown } from './last-known';

/** Only "the service was not reached" (no answer, or a gateway's 502/503/504): a refusal would answer the same again. */
const unreachable = (error: unknown): boolean => isApiError(error) && error.unreachable;

/** The wait before automatic retry number `retryCount` (from 1): `first`, then twice as long each time, at most a minute. */
export const retryDelay = (first: number, retryCount: number): number => Math.min(first * 2 ** (retryCount - 1), 60_000);

/**
 * The portal's SWR configuration, one for every read. Callers at the same time share one request, but a screen that
 * opens after it ended reads again (SWR's 2 s reuse would hide the balance the operator just credited); each return
 * to the tab reads again. A refusal shows a Retry the customer chooses (spec section 8); a read that could not reach
 * the service is tried again by itself after SWR's `errorRetryInterval` (5 s, 10 s on a slow connection), then twice
 * as long each time, while the tab is visible, the browser online and someone shows it (SWR runs a retry only for a
 * key a hook shows), so the page comes back when the API does.
 */
export const dataConfig: SWRConfiguration = {
  dedupingInterval: 0,
  focusThrottleInterval: 0,
  shouldRetryOnError: unreachable,
  onErrorRetry: (_error, _key, config, revalidate, { retryCount }) => {
    setTimeout(() => {
      if (config.isVisible() && config.isOnline() && navigator.onLine !== false) void revalidate({ retryCount });
    }, retryDelay(config.errorRetryInterval, retryCount));
  },
};

/** Gives what it wraps a cache of its own (tests); `retryAfterMs` sets the first automatic retry's wait. */
export function FreshDataCacheProvider({ children, retryAfterMs }: { children?: ReactNode; retryAfterMs?: number }) {
  const value = useMemo<SWRConfiguration>(
    () => ({ provider: () => new Map(), ...(retryAfterMs !== undefined && { errorRetryInterval: retryAfterMs }) }),
    [retryAfterMs],
  );
  return createElement(SWRConfig, { value }, children);
}

/** What a data hook answers: SWR's answer, and `lastKnownAt` while `data` is not a fresh answer. */
export type DataResponse<T> = Pick<SWRResponse<T, unknown>, 'data' | 'error' | 'isLoading' | 'isValidating' | 'mutate'> & {
  /** When the server sent `data` (epoch ms), while it is kept from an earlier visit or the service cannot be reached. */
  lastKnownAt?: number;
};

export type DataOptions<T> = SWRConfiguration<T, unknown> & {
  /** Keep this read on the device for the customer's next visit (`last-known.ts`). */
  lastKnown?: boolean;
};

/** When each answer arrived from the server (epoch ms), so data shown after a failed read can say its age. */
const arrivedAt = new WeakMap<object, number>();
const timeOf = (data: unknown) => (typeof data === 'object' && data !== null ? arrivedAt.get(data) : undefined);
/** The session each answer was read under: the page SWR keeps on screen for `keepPreviousData` is never another's. */
const readUnder = new WeakMap<object, string>();
const isObject = (data: unknown): data is object => typeof data === 'object' && data !== null;

/**
 * `key`'s data through SWR with the session token put first, so a new customer never sees the previous one's
 * figures and nothing is read without a session. Beyond SWR: a read kept from the last visit shows until the answer
 * (`lastKnownAt`); data the service could not refresh stays, with its time and no error; an automatic retry does not
 * show as loading (only a pressed Retry, `mutate()`, does) and a retry that fails again keeps the error already shown.
 */
export function useData<K extends readonly unknown[], T>(
  key: K | null,
  load: (key: K) => Promise<T>,
  { lastKnown = false, ...options }: DataOptions<T> = {},
): DataResponse<T> {
  const token = useSession((s) => s.token);
  const keptId = lastKnown && key ? keepLastKnown(key) : null;
  const kept = useSyncExternalStore(subscribeLastKnown, () => lastKnownEntry(keptId), () => undefined);
  const swr = useSWR<T, unknown>(
    token && key ? [token, ...key] : null,
    ([session, ...rest]: [string, ...unknown[]]) =>
      load(rest as unknown as K).then((answer) => {
        if (isObject(answer)) readUnder.set(answer, session);
        return answer;
      }),
    { ...dataConfig, ...options },
  );
  const [pressed, setPressed] = useState(false);
  // An automatic retry's failure keeps the error already shown (no second toast); a pressed Retry's is new.
  const shownError = useRef<unknown>(undefined);
  const retryPressed = useRef(false);
  if (swr.error !== shownError.current && (retryPressed.current || !(unreachable(swr.error) && unreachable(shownError.current)))) {
    shownError.current = swr.error;
    retryPressed.current = false;
  }

  useEffect(() => {
    const fresh = swr.data;
    if (typeof fresh !== 'object' || fresh === null || arrivedAt.has(fresh)) return;
    arrivedAt.set(fresh, Date.now());
    if (keptId) rememberLastKnown(keptId, fresh, arrivedAt.get(fresh)!);
  }, [swr.data, keptId]);

  const own = isObject(swr.data) && readUnder.has(swr.data) && readUnder.get(swr.data) !== token ? undefined : swr.data;
  const showsKept = own === undefined && kept !== undefined;
  const data = own ?? (kept?.data as T | undefined);
  const lastKnownAt = showsKept ? kept.at : unreachable(swr.error) ? timeOf(data) : undefined;
  useEffect(() => (lastKnownAt === undefined ? undefined : showLastKnown(lastKnownAt)), [lastKnownAt]);
  const mutate = useMemo<SWRResponse<T, unknown>['mutate']>(
    () =>
      (...args) => {
        if (args.length > 0) return swr.mutate(...args);
        setPressed(true);
        retryPressed.current = true;
        return swr.mutate().finally(() => setPressed(false));
      },
    [swr.mutate], // eslint-disable-line react-hooks/exhaustive-deps -- SWR's mutate is bound to the key
  );
  return {
    data,
    error: lastKnownAt !== undefined && unreachable(swr.error) ? undefined : shownError.current,
    isLoading: swr.isLoading && !showsKept && (swr.error === undefined || pressed),
    // With an error on screen, only a pressed Retry shows as loading, not an automatic retry.
    isValidating: swr.error === undefined ? swr.isValidating : pressed,
    mutate,
    ...(lastKnownAt !== undefined && { lastKnownAt }),
  };
}

/** A filter of cache keys: every key of these kinds (the item after the token), optionally for one id. */
export function keysOf(kinds: readonly string[], id?: string | number) {
  return (key: unknown): boolean =>
    Array.isArray(key) && kinds.includes(key[1] as string) && (id === undefined || String(key[2]) === String(id));
}

/**
 * The shared cache for a mutation's `onSuccess` / `onError`: `revalidate` reads again the keys of `kinds` that are shown
 * (the others read on their next mount), `update` changes the cached data of `kinds` from an answer that carries the
 * new state instead of asking again, `reset` drops them (read again where shown, and when shown next).
 */
export function useDataCache() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const settled = () => undefined;
    return {
      revalidate: (kinds: readonly string[], id?: string | number) => mutate(keysOf(kinds, id)).then(settled, settled),
      update: <T>(kinds: readonly string[], change: (current?: T) => T | undefined, id?: string | number) =>
        mutate<T>(keysOf(kinds, id), change, { revalidate: false }).then(settled, settled),
      reset: (kinds: readonly string[]) => mutate(keysOf(kinds), undefined).then(settled, settled),
    };
  }, [mutate]);
}
