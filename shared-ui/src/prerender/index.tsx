// Build-time only (Node, PrerenderPlugin): never imported by browser code.
import { Fragment, useId, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { sessionStore, type RemoteName, type User } from 'shared-api';
import { areaRoutes } from 'shared-api/routes';
import type { AreaPrerender, Prerendered, PrerenderedPage } from 'shared-api/prerender';
import { MemoryRouter, routerFuture } from '../router';

export type { Prerendered, PrerenderedPage } from 'shared-api/prerender';

/**
 * Where the shell renders an area's page, as React's useId counts positions: each pair is a list of `of` children
 * with the page's branch at `at` (the shell's frame, its routes and the chat link, the page and its ready marker).
 * A page prerendered elsewhere gets the ids it will have in the shell only at this position; the shell's prerender
 * checks it, and the server composes a page only when both sides report the same `slotId`.
 */
export const areaTreePath: readonly (readonly [of: number, at: number])[] = [
  [4, 3],
  [2, 0],
  [2, 0],
];

/**
 * A customer's page sits one pair deeper: the route guard's children are the page and the email verification gate
 * (every pair here is [2, 0], so where the extra one goes does not change the ids).
 */
export const customerAreaTreePath: typeof areaTreePath = [...areaTreePath, [2, 0]];

/** The position of a page in the shell: a customer's or any other. */
export const areaTreePathFor = (customer: boolean) => (customer ? customerAreaTreePath : areaTreePath);

/** Renders `children` at `areaTreePath`, the position of an area's page in the shell. */
export function AreaTreePosition({ children, path = areaTreePath }: { children: ReactNode; path?: typeof areaTreePath }) {
  if (path.length === 0) return <>{children}</>;
  const [[of, at], ...rest] = path as [readonly [number, number], ...(readonly [number, number])[]];
  const slots = Array.from({ length: of }, (_, i) => (
    <Fragment key={i}>{i === at ? <AreaTreePosition path={rest}>{children}</AreaTreePosition> : null}</Fragment>
  ));
  return <>{slots}</>;
}

/** Waits for every lazy part (unlike renderToString), so the HTML is the finished screen. */
export async function renderWithStyles(element: ReactElement): Promise<Prerendered> {
  const sheet = new ServerStyleSheet();
  try {
    const { prelude } = await prerenderToNodeStream(sheet.collectStyles(element));
    let html = '';
    for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** What useId returns for a component rendered at `path` (an area's page's position). */
export async function areaSlotId(path: typeof areaTreePath = areaTreePath): Promise<string> {
  let id = '';
  function Probe() {
    id = useId();
    return null;
  }
  await renderWithStyles(
    <AreaTreePosition path={path}>
      <Probe />
    </AreaTreePosition>,
  );
  return id;
}

/** The router context of `path`, as the shell gives it. */
export function AtPath({ path, children }: { path: string; children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={[path]} future={routerFuture}>
      {children}
    </MemoryRouter>
  );
}

/**
 * The stored session a customer's page is drawn with: any customer's, as far as the drawing goes, since every
 * customer-specific part waits for hydration (useHydrated); the placeholder's values never reach the HTML.
 */
const anyCustomer: { token: string; user: User } = {
  token: 'prerender',
  user: { id: 0, name: '', email: '', phone_number: '', whatsapp_number: '', created_at: '' },
};

/**
 * `render`'s result with a customer's session in the store (a guest's, none, otherwise), the store emptied after. A
 * render without a browser reads the store's initial state (zustand's server snapshot), as hydration does (the
 * session stored when the page loaded): that state object is the one set here, not only the current one.
 */
export async function withSession<T>(customer: boolean, render: () => Promise<T>): Promise<T> {
  const set = (session: { token: string | null; user: User | null }) => {
    Object.assign(sessionStore.getInitialState(), session);
    sessionStore.setState(session);
  };
  set(customer ? anyCustomer : { token: null, user: null });
  try {
    return await render();
  } finally {
    set({ token: null, user: null });
  }
}

/** A route's placeholder address: a dynamic segment (`:kitId`) is drawn for any value, as its frame does not show it. */
export const prerenderAddress = (path: string) => path.replace(/:(\w+)/g, 'prerendered-$1');

/**
 * dist/prerender.json of `remote` (PrerenderPlugin adds `entry`): each of its `pages` (by exposed module) as it first
 * renders at its route, for a visitor without a session or, on a customer's route, for any customer. A page named in
 * `needs` stands only for addresses whose query has that parameter.
 */
export async function prerenderAreaPages(
  remote: RemoteName,
  pages: Readonly<Record<string, ComponentType>>,
  needs: Readonly<Record<string, string>> = {},
): Promise<Omit<AreaPrerender, 'entry'>> {
  const routes = areaRoutes.filter((route) => route.remote === remote && route.module in pages);
  const customer = routes.some((route) => route.access === 'customer');
  // One area's pages sit at one position (its prerender.json has one slotId): all a customer's, or none.
  if (routes.some((route) => (route.access === 'customer') !== customer)) {
    throw new Error("An area's pages are all a customer's, or none");
  }
  const rendered: Record<string, PrerenderedPage> = {};
  for (const { path, module } of routes) {
    const Page = pages[module]!;
    const need = needs[module];
    const address = need ? `${path}?${need}=prerendered` : prerenderAddress(path);
    rendered[module] = await withSession(customer, () =>
      renderWithStyles(
        <AtPath path={address}>
          <AreaTreePosition path={areaTreePathFor(customer)}>
            <Page />
          </AreaTreePosition>
        </AtPath>,
      ),
    );
    if (need) rendered[module] = { ...rendered[module]!, needs: need };
  }
  return { slotId: await areaSlotId(areaTreePathFor(customer)), pages: rendered };
}
