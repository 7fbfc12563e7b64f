import { paths, type RemoteName } from 'shared-api';
import { guestGoesHome, mayEnterCustomerPage } from '../features/guard/access-rules';

export type Access = 'open' | 'guest' | 'customer';

export interface AreaRoute {
  path: string;
  remote: RemoteName;
  /** The module the remote exposes for this page. */
  module: string;
  areaLabel: string;
  /** open: anyone; guest: goes to /home when a token is stored; customer: needs stored user data. */
  access: Access;
  /**
   * The floating chat link shows on most screens, not where a code or new password is typed (reset password, email
   * confirmation, activation): on a 360 px phone it would sit over the field.
   */
  chat: boolean;
}

/** Spec section 2, one row per route; `/` redirects to /login. */
export const areaRoutes: AreaRoute[] = [
  { path: paths.signup, remote: 'auth', module: './signup', areaLabel: 'Sign up', access: 'guest', chat: true },
  { path: paths.login, remote: 'auth', module: './login', areaLabel: 'Log in', access: 'guest', chat: true },
  { path: paths.forgotPassword, remote: 'auth', module: './forgot-password', areaLabel: 'Password recovery', access: 'open', chat: true },
  { path: paths.resetPassword, remote: 'auth', module: './reset-password', areaLabel: 'Password reset', access: 'open', chat: false },
  { path: paths.emailConfirmation, remote: 'auth', module: './email-confirmation', areaLabel: 'Email confirmation', access: 'open', chat: false },
  { path: paths.activate, remote: 'auth', module: './activate', areaLabel: 'Activation', access: 'open', chat: false },
  { path: paths.home, remote: 'kits', module: './home', areaLabel: 'Home', access: 'customer', chat: true },
  { path: paths.dashboardPattern, remote: 'kits', module: './dashboard', areaLabel: 'Kit dashboard', access: 'customer', chat: true },
  { path: paths.billing, remote: 'billing', module: './billing', areaLabel: 'Billing', access: 'customer', chat: true },
  { path: paths.profile, remote: 'profile', module: './profile', areaLabel: 'Profile', access: 'customer', chat: true },
];

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

export function routeAt(pathname: string): AreaRoute | undefined {
  return areaRoutes.find((r) => matches(r.path, pathname));
}

/**
 * Whether the first screen calls the API as soon as it renders: a stored session does, and a customer's page has
 * the client preloaded with its HTML by the serving process (route-areas.json), which a visitor redirected to
 * /login goes on to use there. Elsewhere the client loads when the visitor first touches the page.
 */
export function firstScreenCallsApi(pathname: string, session: { token: string | null }): boolean {
  return session.token !== null || routeAt(pathname)?.access === 'customer';
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
