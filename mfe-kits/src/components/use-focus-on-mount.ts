import { useEffect, type RefObject } from 'react';

/**
 * Put the cursor in a dialog's first field. The shared Dialog focuses its first focusable element
 * (the Close button) after our effects run, hence the deferral to the next task.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [ref]);
}
