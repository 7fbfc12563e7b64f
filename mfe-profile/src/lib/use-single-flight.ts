import { useCallback, useRef, useState } from 'react';

/**
 * Runs one async action at a time. The ref blocks a second click that lands before React re-renders
 * the button as busy, so a double click sends one request.
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
