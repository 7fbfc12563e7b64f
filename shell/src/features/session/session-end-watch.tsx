import { lazy, Suspense, useState } from 'react';
import { useSession } from 'shared-api';
import { useHydrated } from 'shared-ui';

const SessionEnd = lazy(() => import('./use-session-end').then((m) => ({ default: m.SessionEnd })));

/**
 * What follows the end of a session (`useSessionEnd`) concerns only a visitor who has had one, so its code is a chunk
 * of its own, fetched once a session is stored (at once on a customer's page, on signing in on /login) and kept from
 * then on: a guest's page never downloads it. Nothing is drawn, so the server's HTML and its hydration leave it out.
 */
export function SessionEndWatch() {
  const hasSession = useSession((s) => s.user !== null || s.token !== null || s.expired);
  const hydrated = useHydrated();
  const [watching, setWatching] = useState(false);
  if (hydrated && hasSession && !watching) setWatching(true);
  if (!watching) return null;
  return (
    <Suspense fallback={null}>
      <SessionEnd />
    </Suspense>
  );
}
