// This area's routes: its build lists them beside its entry (expose-chunks.json), and the serving process hands the
// live release's to the shell.
import type { AreaRoutes } from 'shared-api/routes';
import { dashboardRoute } from './features/dashboard/api/route';
import { homeRoute } from './features/home/api/route';

export const routes = [homeRoute, dashboardRoute] as const satisfies AreaRoutes<'kits'>;
