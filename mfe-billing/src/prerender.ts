// Build-time only (PrerenderPlugin): the frame of this area's pages (headings and placeholders) as any customer first
// sees it, before the session's own data is drawn.
import { prerenderAreaPages } from 'shared-ui/prerender';
import { routes } from './routes';
import Billing from './exposes/billing';

export const prerender = () => prerenderAreaPages(routes, { './billing': Billing });
