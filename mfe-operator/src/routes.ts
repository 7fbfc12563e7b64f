// This area's routes: its build lists them beside its entry (expose-chunks.json), and the serving process hands the
// live release's to the shell.
import type { AreaRoutes } from 'shared-api/routes';
import { staffRoutes } from './app/routes';

export const routes = staffRoutes satisfies AreaRoutes<'operator'>;
