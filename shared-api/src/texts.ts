/**
 * The customer-facing texts beyond spec section 8 that more than one area shows (the service unreachable, the
 * payments awaiting confirmation, a payment disabled offline, a message's Dismiss) or that the shell draws over
 * every area's page (the offline banner, "Updated HH:MM"). Each area keeps the rest, and the spec's own messages, in
 * its one catalogue (`src/lib/texts.ts`). Each text is its own export, so a bundle carries only the ones it shows.
 */

/**
 * Any screen, when no answer came or a gateway answered for the API (`ApiError.unreachable`) while the browser is
 * online: the service is down, not the customer's connection, so it does not ask them to check it.
 */
export const serviceUnreachable = "We can't reach the service right now. Please try again in a moment.";

/** Any screen, when the browser itself says it has no network: only then is the connection the thing to check. */
export const offlineCheckConnection = "You're offline. Check your connection and try again.";

/**
 * After what a screen could not load, when the service answered with a failure of its own (a 5xx, a refusal). Short:
 * on a 360 px screen the sentence before it and this fit the two lines the old text took.
 */
export const serviceFailed = 'The service failed. Please try again.';

/** /home, Insufficient Funds and Fund Account: a transfer the customer confirmed that the reseller has not yet approved. */
export const paymentAwaitingConfirmation = (amount: string, date: string) =>
  `${amount} sent on ${date}, awaiting confirmation`;

/** /home, Insufficient Funds and Fund Account: the title over those transfers. */
export const paymentsAwaitingTitle = 'Payments awaiting confirmation';

/** Every screen: the button that closes a message (toast) before its time, e.g. one covering the foot of a phone's screen. */
export const dismissMessage = 'Dismiss message';

/** The shell's banner while the browser has no network. */
export const offlineBanner = "You're offline. What you see was saved on this phone; the rest needs a connection.";

/** Beside data kept from an earlier visit: when it was read ("09:41", "09:41 yesterday", "09:41 on 3rd Mar 2026"). */
export const lastUpdatedAt = (time: string) => `Updated ${time}`;

/** Every screen showing last-known data while the service cannot be reached (the browser online): since when. */
export const showingLastKnown = (time: string) => `We can't reach the service. Showing what we had at ${time}.`;

/** Under a payment's button (activate, renew, fund, confirm) while offline. */
export const paymentsNeedConnection = "You're offline. Payments need a connection.";

/** Under a payment's button while the service cannot be reached (the browser online). */
export const paymentsNeedService = "We can't reach the service. Payments wait until it answers again.";

/** Why a payment's button is disabled, from `useReachable()`: the phone offline, or the service down. */
export const paymentsUnavailable = ({ offline }: { offline: boolean }) => (offline ? paymentsNeedConnection : paymentsNeedService);

/**
 * Insufficient Funds and Fund Account, first, when transfers awaiting confirmation already cover the amount asked:
 * `sent` is their `paymentAwaitingConfirmation` line (or lines, joined).
 */
export const noNeedToPayAgain = (sent: string) => `${sent}: no need to pay again`;
