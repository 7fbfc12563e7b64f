// Build-time only (Node, PrerenderPlugin): never imported by browser code.
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { sessionStore, type User } from 'shared-api';
import type { AreaRoute } from 'shared-api/routes';
import { areaRoot, type AreaPrerender, type Prerendered, type PrerenderedPage } from 'shared-api/prerender';
import { MemoryRouter, routerFuture } from '../router';

export type { Prerendered, PrerenderedPage } from 'shared-api/prerender';

/**
 * Waits for every lazy part (unlike renderToString), so the HTML is the finished screen; `identifierPrefix` for an
 * area's page, which the browser hydrates in a root of its own (`areaRoot`).
 */
export async function renderWithStyles(
  element: ReactElement,
  { identifierPrefix }: { identifierPrefix?: string } = {},
): Promise<Prerendered> {
  const sheet = new ServerStyleSheet();
  try {
    const { prelude } = await prerenderToNodeStream(sheet.collectStyles(element), { identifierPrefix });
    let html = '';
    for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
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
 * dist/prerender.json of an area (PrerenderPlugin adds `entry`), from its own `routes`: each of its `pages` (by exposed module) as it first
 * renders at its route, alone at the top of its own tree, as the shell hydrates it (`areaRoot`: wherever the frame
 * puts it), for a visitor without a session or, on a customer's route, for any customer. A page named in
 * `needs` stands only for addresses whose query has that parameter.
 */
export async function prerenderAreaPages(
  areaRoutes: readonly AreaRoute[],
  pages: Readonly<Record<string, ComponentType>>,
  needs: Readonly<Record<string, string>> = {},
): Promise<Omit<AreaPrerender, 'entry'>> {
  const routes = areaRoutes.filter((route) => route.module in pages);
  const customer = routes.some((route) => route.access === 'customer');
  // One area's pages are drawn for one kind of visitor: all a customer's, or none.
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
          <Page />
        </AtPath>,
        { identifierPrefix: areaRoot.identifierPrefix },
      ),
    );
    if (need) rendered[module] = { ...rendered[module]!, needs: need };
  }
  return { slotId: areaRoot.slotId, pages: rendered };
}
