import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const dashboardRoute = {
  path: paths.dashboardPattern,
  remote: 'kits',
  module: './dashboard',
  areaLabel: 'Kit dashboard',
  access: 'customer',
  chat: true,
} as const satisfies AreaRoute<'kits'>;
