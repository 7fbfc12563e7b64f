import { useCallback, useRef, useState } from 'react';

/**
 * One submission at a time. The ref closes the gap before React re-renders the disabled button, so a
 * double click still sends one request; `busy` drives the button's disabled state and progress.
 */
export function useSubmitLock() {
  const locked = useRef(false);
  const [busy, setBusy] = useState(false);

  const lock = useCallback((): boolean => {
    if (locked.current) return false;
    locked.current = true;
    setBusy(true);
    return true;
  }, []);

  const unlock = useCallback(() => {
    locked.current = false;
    setBusy(false);
  }, []);

  return { busy, lock, unlock };
}
