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
  // What the page asks at once (`useWallet`, `useKits(1)`, the awaiting card's fundings, `getNotices`, the price
  // change's line): the shell's entry sends them while this area downloads, so the first screen needs no API client.
  firstReads: [
    reads.wallet,
    kitPageRead(1),
    reads.fundings,
    { url: '/api/v1/notifications', params: { kinds: 'all' } },
    { url: '/api/v1/plan_price' },
  ],
} as const satisfies AreaRoute<'kits'>;
