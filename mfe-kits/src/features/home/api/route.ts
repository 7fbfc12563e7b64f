import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const homeRoute = {
  path: paths.home,
  remote: 'kits',
  module: './home',
  areaLabel: 'Home',
  access: 'customer',
  chat: true,
  nav: { label: 'Home', audience: 'customer', order: 10 },
} as const satisfies AreaRoute<'kits'>;
