// Build-time only (PrerenderPlugin): the frame of this area's pages (headings and placeholders) as any customer first
// sees it, before the session's own data is drawn.
import { areaRoutes } from 'shared-api/routes';
import { prerenderAreaPages } from 'shared-ui/prerender';
import Dashboard from './exposes/dashboard';
import Home from './exposes/home';

const pages = {
  './home': Home,
  './dashboard': Dashboard,
};

export function prerender() {
  return prerenderAreaPages(
    areaRoutes
      .filter((route) => route.remote === 'kits' && route.module in pages)
      .map(({ path, module }) => ({ path, module, Page: pages[module as keyof typeof pages], customer: true })),
  );
}
