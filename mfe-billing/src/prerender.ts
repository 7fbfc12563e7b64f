// Build-time only (PrerenderPlugin): the frame of this area's pages (headings and placeholders) as any customer first
// sees it, before the session's own data is drawn.
import { areaRoutes } from 'shared-api/routes';
import { prerenderAreaPages } from 'shared-ui/prerender';
import Billing from './exposes/billing';

const pages = {
  './billing': Billing,
};

export function prerender() {
  return prerenderAreaPages(
    areaRoutes
      .filter((route) => route.remote === 'billing' && route.module in pages)
      .map(({ path, module }) => ({ path, module, Page: pages[module as keyof typeof pages], customer: true })),
  );
}
