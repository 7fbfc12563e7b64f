/**
 * The portal's customer-facing texts beyond spec section 8 (issue 37), in one catalogue. The spec's own messages stay
 * letter by letter where each area keeps them (`mfe-auth/src/lib/messages.ts`, `mfe-billing/src/lib/messages.ts`, the
 * kits and profile hooks); nothing here rewords one of them. Each text is its own export, so an area's bundle carries
 * only the ones it shows.
 */

/** Any screen, when no answer came or a gateway answered for the API (`ApiError.unreachable`). */
export const serviceUnreachable =
  "We can't reach the service right now. Please check your connection and try again in a moment.";

/** The dashboard's usage panel for a kit that was never paid for. */
export const usageAfterActivation = 'Usage appears here once the kit is active.';

/** /home, Insufficient Funds and Fund Account: a transfer the customer confirmed that the reseller has not yet approved. */
export const paymentAwaitingConfirmation = (amount: string, date: string) =>
  `${amount} sent on ${date}, awaiting confirmation`;

/** /home: the title over those transfers. */
export const paymentsAwaitingTitle = 'Payments awaiting confirmation';

/** /home, under them: what happens next. */
export const paymentsAwaitingNext = 'Your wallet is credited once we have received your transfer. No need to pay again.';

/** The shell's banner while the browser has no network. */
export const offlineBanner = "You're offline. What you see was saved on this phone; the rest needs a connection.";

/** Beside data kept from an earlier visit (or shown while the service cannot be reached): when it was read. */
export const lastUpdatedAt = (time: string) => `Updated ${time}`;

/** Under a payment's button (activate, renew, fund, confirm) while offline. */
export const paymentsNeedConnection = "You're offline. Payments need a connection.";
