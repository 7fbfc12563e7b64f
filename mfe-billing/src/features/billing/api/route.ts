import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const billingRoute = {
  path: paths.billing,
  remote: 'billing',
  module: './billing',
  areaLabel: 'Billing',
  access: 'customer',
  chat: true,
  nav: { label: 'Billing', audience: 'customer', order: 20 },
} as const satisfies AreaRoute<'billing'>;
