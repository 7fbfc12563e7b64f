// Pure module (no browser or React code): the shell, the areas' builds and the serving process (`shared-api/routes`)
// read it. Each area declares its own routes (its `src/routes.ts`); this module holds only their shape.

/** A remote's federation name, as its build declares it (the registry names them: `portal-registry`). */
export type RemoteName = string;

/** open: anyone; guest: goes to /home when a token is stored; customer: needs stored user data. */
export type Access = 'open' | 'guest' | 'customer';

/** A route's link in the navbar: shown to `audience`, in `order` (ascending), as `label` or, with `icon`, an icon named `label`. */
export interface NavEntry {
  label: string;
  audience: 'customer' | 'guest';
  order: number;
  icon?: 'person';
}

/** A GET by path and query: the HTTP client matches an early read and the page's own call by both. */
export interface FirstRead {
  url: string;
  params?: Record<string, string | number>;
}

export interface AreaRoute<R extends RemoteName = RemoteName> {
  path: string;
  remote: R;
  /** The module the remote exposes for this page. */
  module: string;
  areaLabel: string;
  access: Access;
  /**
   * The floating chat link shows on most screens, not where a code or new password is typed (reset password, email
   * confirmation, activation): on a 360 px phone it would sit over the field.
   */
  chat: boolean;
  nav?: NavEntry;
  /**
   * The GETs the page makes as soon as it shows, which the shell's entry starts for a signed-in customer while the
   * page's code downloads (`shared-api/first-reads`): declared here, the area's own, so the shell knows no endpoint.
   */
  firstReads?: readonly FirstRead[];
}

/** One area's route table, as its `src/routes.ts` declares it (`satisfies AreaRoutes<'kits'>`). */
export type AreaRoutes<R extends RemoteName> = readonly AreaRoute<R>[];

/**
 * The addresses of spec section 2, which one area's page links to in another (a kit card to /billing): public URLs,
 * the contract between areas. Which area draws each is declared by that area alone.
 */
export const paths = {
  root: '/',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailConfirmation: '/email-confirmation',
  activate: '/activate',
  home: '/home',
  dashboardPattern: '/dashboard/:kitId',
  dashboard: (kitId: string | number) => `/dashboard/${encodeURIComponent(String(kitId))}`,
  billing: '/billing',
  profile: '/profile',
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

const ACCESS: readonly string[] = ['open', 'guest', 'customer'];

function parseNav(value: unknown): NavEntry | undefined {
  const nav = value as Partial<Record<keyof NavEntry, unknown>> | null | undefined;
  if (typeof nav?.label !== 'string' || (nav.audience !== 'customer' && nav.audience !== 'guest')) return undefined;
  return {
    label: nav.label,
    audience: nav.audience,
    order: typeof nav.order === 'number' && Number.isFinite(nav.order) ? nav.order : 0,
    ...(nav.icon === 'person' ? { icon: 'person' as const } : {}),
  };
}

function parseFirstRead(value: unknown): FirstRead | undefined {
  const read = value as Partial<Record<keyof FirstRead, unknown>> | null | undefined;
  if (typeof read?.url !== 'string' || !read.url.startsWith('/api/')) return undefined;
  if (read.params === undefined) return { url: read.url };
  if (typeof read.params !== 'object' || read.params === null || Array.isArray(read.params)) return undefined;
  const params = Object.entries(read.params);
  if (!params.every(([, v]) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) return undefined;
  return { url: read.url, params: Object.fromEntries(params) as FirstRead['params'] };
}

/** A route's first reads: every valid one, or none when the declaration is not a list. */
function parseFirstReads(value: unknown): FirstRead[] {
  return Array.isArray(value) ? value.flatMap((item) => parseFirstRead(item) ?? []) : [];
}

/** One route from untrusted JSON (a release's listing, the page's configuration); undefined when it is not one. */
export function parseRoute(value: unknown): AreaRoute | undefined {
  const route = value as Partial<Record<keyof AreaRoute, unknown>> | null | undefined;
  if (
    typeof route?.path !== 'string' ||
    !route.path.startsWith('/') ||
    typeof route.remote !== 'string' ||
    typeof route.module !== 'string' ||
    typeof route.areaLabel !== 'string' ||
    typeof route.access !== 'string' ||
    !ACCESS.includes(route.access)
  ) {
    return undefined;
  }
  const nav = parseNav(route.nav);
  const firstReads = parseFirstReads(route.firstReads);
  return {
    path: route.path,
    remote: route.remote,
    module: route.module,
    areaLabel: route.areaLabel,
    access: route.access as Access,
    chat: route.chat === true,
    ...(nav ? { nav } : {}),
    ...(firstReads.length > 0 ? { firstReads } : {}),
  };
}

/** Every valid route of `value` (an array), the first declaration of a path winning. */
export function parseRoutes(value: unknown): AreaRoute[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.flatMap((item) => {
    const route = parseRoute(item);
    if (!route || seen.has(route.path.toLowerCase())) return [];
    seen.add(route.path.toLowerCase());
    return [route];
  });
}

/** The navbar's links for `audience`, in their order. */
export function navLinks(table: readonly AreaRoute[], audience: NavEntry['audience']): (NavEntry & { path: string })[] {
  return table
    .flatMap((route) => (route.nav?.audience === audience ? [{ ...route.nav, path: route.path }] : []))
    .sort((a, b) => a.order - b.order);
}

/**
 * What of a route table the shell's frame for `audience` draws (the navbar's links): a frame drawn for another table
 * would not hydrate as it is, so the server sends a page drawn by the shell only when they agree. A customer's link
 * added by one area leaves the guests' pages drawn.
 */
export function frameSignature(table: readonly AreaRoute[], audience: NavEntry['audience']): string {
  return JSON.stringify(navLinks(table, audience).map(({ path, label, icon }) => [path, label, icon ?? '']));
}

/** The navbar a route's frame shows: a customer's on a customer's page, a guest's elsewhere. */
export const frameAudience = (route: Pick<AreaRoute, 'access'>): NavEntry['audience'] =>
  route.access === 'customer' ? 'customer' : 'guest';

/** What the serving process needs of each route to preload its page with the HTML. */
export type ServedRoute = Pick<AreaRoute, 'path' | 'remote' | 'module' | 'access'>;
