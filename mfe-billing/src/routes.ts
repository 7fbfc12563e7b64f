// This area's routes: its build lists them beside its entry (expose-chunks.json), and the serving process hands the
// live release's to the shell.
import type { AreaRoutes } from 'shared-api/routes';
import { billingRoute } from './features/billing/api/route';

export const routes = [billingRoute] as const satisfies AreaRoutes<'billing'>;
