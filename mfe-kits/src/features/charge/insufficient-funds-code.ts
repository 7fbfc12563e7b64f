import { firstUse } from 'shared-api';

/** Insufficient Funds, downloaded beside a charge or its price, which are the only things that can open it. */
export const insufficientFundsCode = firstUse(
  () => import(/* webpackChunkName: "charge-dialog" */ './components/insufficient-funds-dialog'),
);
