// Types only: the shell's entry sends these reads early (`shared-api/first-reads`) without the endpoint functions, and
// an area names them in its routes' `firstReads` (`shared-api/reads`, bundled by the area).
import type { FirstRead } from '../routes';

/** A GET as the HTTP client is asked for it: the early read and the page's own call match by path and query. */
export type Read = FirstRead;

/**
 * The shared reads a first screen may make at once, sent by these paths by their functions (`walletApi.get`,
 * `walletApi.listFundings`, `verificationApi.emailStatus`): the wallet and the fundings awaiting approval, which an
 * area's route may name among its `firstReads`, and the email
 * status, which the shell's email check asks on every customer page.
 */
export const reads = {
  wallet: { url: '/api/v1/starlink_user_wallet' },
  emailStatus: { url: '/api/v1/starlink_users/check_confirmation_status' },
  fundings: { url: '/api/v1/starlink_wallet_fundings' },
} satisfies Record<string, Read>;
