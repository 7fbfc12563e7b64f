import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const resetPasswordRoute = {
  path: paths.resetPassword,
  remote: 'auth',
  module: './reset-password',
  areaLabel: 'Password reset',
  access: 'open',
  chat: false,
} as const satisfies AreaRoute<'auth'>;
