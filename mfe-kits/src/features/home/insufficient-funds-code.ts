import { firstUse } from 'shared-api';

/** The Insufficient Funds dialog, downloaded with an activation, which is the only thing that can open it. */
export const insufficientFundsCode = firstUse(
  () => import(/* webpackChunkName: "home-dialogs" */ './components/insufficient-funds-dialog'),
);
