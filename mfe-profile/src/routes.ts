// This area's routes: its build lists them beside its entry (expose-chunks.json), and the serving process hands the
// live release's to the shell.
import type { AreaRoutes } from 'shared-api/routes';
import { profileRoute } from './features/profile/api/route';
import { undoContactChangeRoute } from './features/undo-contact-change/api/route';

export const routes = [profileRoute, undoContactChangeRoute] as const satisfies AreaRoutes<'profile'>;
