import { useEffect, type RefObject } from 'react';

/**
 * Put focus on the field a dialog is about. The shared Dialog focuses its first focusable element
 * (the Close button) in its own effect, which runs after ours, so we focus once that has happened.
 */
export function useInitialFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    queueMicrotask(() => ref.current?.focus());
  }, [ref]);
}
