import { useEffect, useRef } from 'react';
import { useLocation } from 'shared-ui/router';
import { notify } from 'shared-ui';

/**
 * A message belongs to the screen that raised it: on a new path the messages raised before it go (all but those of
 * the last moment, which explain the move, such as the session's end on /login; see `notify.leaveScope`).
 */
export function useToastScope(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    notify.leaveScope();
  }, [pathname]);
}
