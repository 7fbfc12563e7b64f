import { useCallback, useRef, useState } from 'react';

/**
 * Runs one async action at a time; a call while one runs is dropped (resolves to undefined). The ref blocks a second
 * click that lands before React has re-rendered the button as busy, so a double click sends one request.
 */
export function useSingleFlight(): [busy: boolean, run: <T>(action: () => Promise<T>) => Promise<T | undefined>] {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>) => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    try {
      return await action();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}

/**
 * The same, one action at a time per key (a row's id): confirming one funding or activating one kit leaves the
 * others' buttons free. `busyKeys` holds the keys whose action is running.
 */
export function useSingleFlightPerKey(): [
  busyKeys: ReadonlySet<string>,
  run: <T>(key: string, action: () => Promise<T>) => Promise<T | undefined>,
] {
  const inFlight = useRef(new Set<string>());
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const run = useCallback(async <T>(key: string, action: () => Promise<T>) => {
    if (inFlight.current.has(key)) return undefined;
    inFlight.current.add(key);
    setBusyKeys(new Set(inFlight.current));
    try {
      return await action();
    } finally {
      inFlight.current.delete(key);
      setBusyKeys(new Set(inFlight.current));
    }
  }, []);
  return [busyKeys, run];
}
