// Pure module (no browser or React code): the shell, its build and the serving process (`shared-api/routes`) read it.

/** Federation names, as each remote's build declares them. */
export type RemoteName = 'auth' | 'kits' | 'billing' | 'profile';
export const remoteNames: readonly RemoteName[] = ['auth', 'kits', 'billing', 'profile'];

/** open: anyone; guest: goes to /home when a token is stored; customer: needs stored user data. */
export type Access = 'open' | 'guest' | 'customer';

export interface AreaRoute {
  path: string;
  remote: RemoteName;
  /** The module the remote exposes for this page. */
  module: string;
  areaLabel: string;
  access: Access;
  /**
   * The floating chat link shows on most screens, not where a code or new password is typed (reset password, email
   * confirmation, activation): on a 360 px phone it would sit over the field.
   */
  chat: boolean;
}

/** Spec section 2, each route once; `/` redirects to /login. */
export const routes = {
  signup: { path: '/signup', remote: 'auth', module: './signup', areaLabel: 'Sign up', access: 'guest', chat: true },
  login: { path: '/login', remote: 'auth', module: './login', areaLabel: 'Log in', access: 'guest', chat: true },
  forgotPassword: { path: '/forgot-password', remote: 'auth', module: './forgot-password', areaLabel: 'Password recovery', access: 'open', chat: true },
  resetPassword: { path: '/reset-password', remote: 'auth', module: './reset-password', areaLabel: 'Password reset', access: 'open', chat: false },
  emailConfirmation: { path: '/email-confirmation', remote: 'auth', module: './email-confirmation', areaLabel: 'Email confirmation', access: 'open', chat: false },
  activate: { path: '/activate', remote: 'auth', module: './activate', areaLabel: 'Activation', access: 'open', chat: false },
  home: { path: '/home', remote: 'kits', module: './home', areaLabel: 'Home', access: 'customer', chat: true },
  dashboard: { path: '/dashboard/:kitId', remote: 'kits', module: './dashboard', areaLabel: 'Kit dashboard', access: 'customer', chat: true },
  billing: { path: '/billing', remote: 'billing', module: './billing', areaLabel: 'Billing', access: 'customer', chat: true },
  profile: { path: '/profile', remote: 'profile', module: './profile', areaLabel: 'Profile', access: 'customer', chat: true },
} as const satisfies Record<string, AreaRoute>;

/** The route table in the order of spec section 2. */
export const areaRoutes: readonly AreaRoute[] = Object.values(routes);

/** Every route path of spec section 2, in one typed object. */
export const paths = {
  root: '/',
  signup: routes.signup.path,
  login: routes.login.path,
  forgotPassword: routes.forgotPassword.path,
  resetPassword: routes.resetPassword.path,
  emailConfirmation: routes.emailConfirmation.path,
  activate: routes.activate.path,
  home: routes.home.path,
  dashboardPattern: routes.dashboard.path,
  dashboard: (kitId: string | number) => routes.dashboard.path.replace(':kitId', () => encodeURIComponent(String(kitId))),
  billing: routes.billing.path,
  profile: routes.profile.path,
} as const;

/**
 * Whether `pathname` is an address of `pattern` (`:name` stands for one non-empty segment), as React Router matches
 * it: static segments in any letter case, trailing slashes ignored.
 */
export function routeMatches(pattern: string, pathname: string): boolean {
  const want = pattern.replace(/\/+$/, '').split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part.toLowerCase() === got[i]!.toLowerCase()))
  );
}

/** The first route of `table` whose pattern matches `pathname`. */
export function findRoute<R extends { path: string }>(table: readonly R[], pathname: string): R | undefined {
  return table.find((route) => routeMatches(route.path, pathname));
}

export function routeAt(pathname: string): AreaRoute | undefined {
  return findRoute(areaRoutes, pathname);
}

/** What the serving process needs of each route to preload its page with the HTML (the shell's dist/route-areas.json). */
export type ServedRoute = Pick<AreaRoute, 'path' | 'remote' | 'module' | 'access'>;

export function servedRoutes(): ServedRoute[] {
  return areaRoutes.map(({ path, remote, module, access }) => ({ path, remote, module, access }));
}
