import { reads } from 'shared-api/reads';
import { paths, type AreaRoute } from 'shared-api/routes';
import { kitPageRead } from './kit-page-read';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const homeRoute = {
  path: paths.home,
  remote: 'kits',
  module: './home',
  areaLabel: 'Home',
  access: 'customer',
  chat: true,
  nav: { label: 'Home', audience: 'customer', order: 10 },
  // What the page asks at once (`useWallet`, `useKits(1)`): the shell's entry starts them while this area downloads.
  firstReads: [reads.wallet, kitPageRead(1)],
} as const satisfies AreaRoute<'kits'>;
