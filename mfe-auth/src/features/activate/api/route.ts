import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const activateRoute = {
  path: paths.activate,
  remote: 'auth',
  module: './activate',
  areaLabel: 'Activation',
  access: 'open',
  chat: false,
} as const satisfies AreaRoute<'auth'>;
