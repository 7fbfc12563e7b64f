import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const forgotPasswordRoute = {
  path: paths.forgotPassword,
  remote: 'auth',
  module: './forgot-password',
  areaLabel: 'Password recovery',
  access: 'open',
  chat: true,
} as const satisfies AreaRoute<'auth'>;
