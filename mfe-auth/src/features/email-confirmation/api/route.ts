import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const emailConfirmationRoute = {
  path: paths.emailConfirmation,
  remote: 'auth',
  module: './email-confirmation',
  areaLabel: 'Email confirmation',
  access: 'open',
  chat: false,
} as const satisfies AreaRoute<'auth'>;
