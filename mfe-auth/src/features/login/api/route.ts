import { paths, type AreaRoute } from 'shared-api/routes';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const loginRoute = {
  path: paths.login,
  remote: 'auth',
  module: './login',
  areaLabel: 'Log in',
  access: 'guest',
  chat: true,
  nav: { label: 'Log in', audience: 'guest', order: 10 },
} as const satisfies AreaRoute<'auth'>;
