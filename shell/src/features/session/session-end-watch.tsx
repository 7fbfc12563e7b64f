import { useSession } from 'shared-api';
import { deferred } from '../../lib/deferred';

// The chunk the email verification gate is in (app-routes.tsx): both come on every customer's page.
const SessionEnd = deferred(() =>
  import(/* webpackChunkName: "customer-shell" */ './use-session-end').then((m) => ({ default: m.SessionEnd })),
);

/**
 * What follows the end of a session (`useSessionEnd`) concerns only a visitor who has had one, so its code is a chunk
 * of its own, fetched once a session is stored (at once on a customer's page, on signing in on /login) and kept from
 * then on: a guest's page never downloads it.
 */
export function SessionEndWatch() {
  return <SessionEnd when={useSession((s) => s.user !== null || s.token !== null || s.expired)} />;
}
