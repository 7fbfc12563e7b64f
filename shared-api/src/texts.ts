/**
 * The portal's customer-facing texts beyond spec section 8 (issue 37), in one catalogue. The spec's own messages stay
 * letter by letter where each area keeps them (`mfe-auth/src/lib/messages.ts`, `mfe-billing/src/lib/messages.ts`, the
 * kits and profile hooks); nothing here rewords one of them. Each text is its own export, so an area's bundle carries
 * only the ones it shows.
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

/** The dashboard's usage panel for a kit that was never paid for. */
export const usageAfterActivation = 'Usage appears here once the kit is active.';

/** /home, Insufficient Funds and Fund Account: a transfer the customer confirmed that the reseller has not yet approved. */
export const paymentAwaitingConfirmation = (amount: string, date: string) =>
  `${amount} sent on ${date}, awaiting confirmation`;

/** /home: the title over those transfers. */
export const paymentsAwaitingTitle = 'Payments awaiting confirmation';

/** /home, under them: what happens next. */
export const paymentsAwaitingNext = 'Your wallet is credited once we have received your transfer. No need to pay again.';

/** /home: the title over the money notices. */
export const moneyNoticesTitle = 'Updates about your money';
/** /home: each notice's dismiss button, named for a screen reader. */
export const dismissNotice = (title: string) => `Dismiss: ${title}`;
/** Every screen: the button that closes a message (toast) before its time, e.g. one covering the foot of a phone's screen. */
export const dismissMessage = 'Dismiss message';
/** /profile: the section of the switches. */
export const moneyEventSettingsTitle = 'Messages about your money';
export const moneyEventSettingsLead = 'We send these by email and WhatsApp and show them on your home page. Turn off any you do not want.';
export const moneyEventSettingsSaved = 'Your message settings were saved.';
export const moneyEventSettingsFailed = "We couldn't save your message settings. Please try again.";

/** The shell's banner while the browser has no network. */
export const offlineBanner = "You're offline. What you see was saved on this phone; the rest needs a connection.";

/** Beside data kept from an earlier visit (or shown while the service cannot be reached): when it was read. */
export const lastUpdatedAt = (time: string) => `Updated ${time}`;

/** Under a payment's button (activate, renew, fund, confirm) while offline. */
export const paymentsNeedConnection = "You're offline. Payments need a connection.";
