import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const profileRoute = {
  path: paths.profile,
  remote: 'profile',
  module: './profile',
  areaLabel: 'Profile',
  access: 'customer',
  chat: true,
  nav: { label: 'Profile', audience: 'customer', order: 30, icon: 'person' },
} as const satisfies AreaRoute<'profile'>;
