import { firstUse } from 'shared-api';

/** The two Add kit dialogs (and the dialog component they share), downloaded when a customer first opens them. */
export const addKitCode = firstUse(() => import(/* webpackChunkName: "home-dialogs" */ './components/add-kit-flow'));
