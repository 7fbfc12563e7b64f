import { useCallback, useEffect, useRef } from 'react';

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  onUnmount?: () => void;
}

/**
 * Runs `action` after `ms`. If the page goes away first, the timer is dropped and `onUnmount` runs
 * instead, so work that must not be lost (storing a session) still happens without navigating.
 */
export function useDelayedAction() {
  const pending = useRef<Pending | null>(null);

  useEffect(
    () => () => {
      const current = pending.current;
      pending.current = null;
      if (!current) return;
      clearTimeout(current.timer);
      current.onUnmount?.();
    },
    [],
  );

  return useCallback((ms: number, action: () => void, onUnmount?: () => void) => {
    if (pending.current) clearTimeout(pending.current.timer);
    const timer = setTimeout(() => {
      pending.current = null;
      action();
    }, ms);
    pending.current = { timer, onUnmount };
  }, []);
}
