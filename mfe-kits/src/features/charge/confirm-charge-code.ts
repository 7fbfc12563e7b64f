import { firstUse } from 'shared-api';

/** The charge confirmation, downloaded beside the price it shows (one chunk for /home and the dashboard). */
export const confirmChargeCode = firstUse(
  () => import(/* webpackChunkName: "charge-dialog" */ './components/confirm-charge-dialog'),
);
