import { useEffect, useRef } from 'react';
import { useLocation } from 'shared-ui/router';

/**
 * Spec section 2: /billing#history and /billing#billing-table scroll to their anchor. The browser's own
 * jump happens before the remote has rendered the table, so scroll once the data is there.
 */
export function useScrollToHash(ready: boolean, anchors: readonly string[]) {
  const { hash } = useLocation();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!ready || !anchors.includes(id) || handled.current === hash) return;
    const target = document.getElementById(id);
    if (!target) return;
    handled.current = hash;
    target.scrollIntoView?.({ block: 'start' });
    // Screen-reader and keyboard users land there too, not only the viewport.
    target.focus?.({ preventScroll: true });
  }, [hash, ready, anchors]);
}
