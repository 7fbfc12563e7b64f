import { useEffect, useRef } from 'react';
import { useLocation } from 'shared-ui/router';
import { notify } from 'shared-ui';

/**
 * How recent a message must be to go along to the next screen: the spec's redirects come 1 s (sign-up) and 2 s
 * (log-in) after the success message that explains them, and the session's end on /login at once.
 */
export const NAVIGATION_GRACE_MS = 2500;

/**
 * A message belongs to the screen that raised it: on a new path the messages raised before it go, but those that
 * led to the move (`NAVIGATION_GRACE_MS`; see `notify.leaveScope`).
 */
export function useToastScope(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    notify.leaveScope(NAVIGATION_GRACE_MS);
  }, [pathname]);
}
