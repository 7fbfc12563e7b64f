import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const signupRoute = {
  path: paths.signup,
  remote: 'auth',
  module: './signup',
  areaLabel: 'Sign up',
  access: 'guest',
  chat: true,
  nav: { label: 'Sign up', audience: 'guest', order: 20 },
} as const satisfies AreaRoute<'auth'>;
