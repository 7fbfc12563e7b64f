import { routeAt, type AreaRoute } from 'shared-api';
import { guestGoesHome, mayEnterCustomerPage } from '../features/guard/access-rules';

/**
 * Whether the first screen calls the API through the client as soon as it renders: a stored session does, and a
 * customer's page has the client preloaded with its HTML by the serving process (dist/route-areas.json), which a
 * visitor redirected to /login goes on to use there; but not a customer's page whose route names its first calls
 * (`firstReads`), which the entry makes by fetch. Elsewhere the client loads when the visitor first touches the page.
 */
export function firstScreenCallsApi(pathname: string, session: { token: string | null }): boolean {
  const route = routeAt(pathname);
  if (route?.access === 'customer' && route.firstReads?.length) return false;
  return session.token !== null || route?.access === 'customer';
}

/**
 * The area the first screen shows for this address, by the same rules as the route guards (a guest page with a
 * stored session, or a customer page without user data, redirects instead); undefined when it redirects or is unknown.
 */
export function firstScreenArea(
  pathname: string,
  session: { token: string | null; user: unknown },
): AreaRoute | undefined {
  const route = routeAt(pathname);
  if (!route) return undefined;
  if (route.access === 'guest' && guestGoesHome(session)) return undefined;
  if (route.access === 'customer' && !mayEnterCustomerPage(session)) return undefined;
  return route;
}


/**
 * The customer's page a visitor without user data was sent away from (to /login), whose code its HTML preloaded: the
 * serving process cannot see the session, and a preload left unused is downloaded for nothing (and warned about).
 * It is the page they open once logged in, so the bootstrap loads it once /login is ready.
 */
export function pageToLoadAfterRedirect(
  pathname: string,
  session: { token: string | null; user: unknown },
): AreaRoute | undefined {
  const route = routeAt(pathname);
  return route?.access === 'customer' && !mayEnterCustomerPage(session) ? route : undefined;
}
