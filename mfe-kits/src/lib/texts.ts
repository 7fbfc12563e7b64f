/**
 * The kits area's texts, one catalogue, so each can be reviewed and translated in one place: spec section 8 letter by
 * letter (the constants; never reword them), then the area's own (`newMessages`: the kit's next step, the price
 * confirmed before a charge, the notices).
 */
import type { KitCharge } from 'portal-rules';

export const KIT_EXISTS_MESSAGE = 'This kit number is already registered.';
export const KIT_CHECK_FAILED = 'Failed to check kit number. Please try again.';
export const MISSING_ACTIVATION_DATA = 'Missing activation data. Please try again.';
export const KIT_ADDED = 'Starlink kit added successfully!';
export const KIT_ADD_FAILED = 'Failed to add Starlink kit. Please try again.';
export const AUTO_RENEW_ENABLED = 'Auto-renew enabled successfully!';
export const AUTO_RENEW_DISABLED = 'Auto-renew disabled successfully!';
export const AUTO_RENEW_FAILED = 'Failed to update auto-renew settings. Please try again.';
export const ACTIVATION_SUCCESS = 'Activation successful!';
export const ACTIVATION_FAILED = 'Failed to activate kit. Please try again.';
export const ADDRESS_UPDATED = 'Address updated successfully!';
export const ADDRESS_FAILED = 'Failed to update address.';
export const PDF_DOWNLOADED = 'PDF downloaded successfully!';
export const PDF_FAILED = 'Failed to download PDF. Please try again.';
export const RENEWAL_SUCCESS = 'Renewal successful!';
export const RENEWAL_FAILED = 'Failed to renew kit. Please try again.';
export const KIT_DETAILS_FAILED = 'Failed to fetch kit details.';
export const RENEWALS_FAILED = 'Failed to fetch renewal history.';

// The area's own texts beyond spec section 8.

/** A dialog's code could not be downloaded (offline, the area's server down). */
export const ADD_KIT_UNAVAILABLE = 'Adding a kit is unavailable right now. Please try again.';
export const FUNDING_UNAVAILABLE_MESSAGE = 'Funding is unavailable right now. Please try again.';

export const newMessages = {
  /** The one next step of a kit, on its card and its page (`portal-rules`). */
  nextStep: {
    activate: 'Ready to activate: pay for its first 30 days from your wallet.',
    renew: 'Renew it to keep it online.',
    reactivate: 'Disconnected. Reactivate it to bring it back online.',
    renewFrom: (date: string) => `Paid up. You can renew it from ${date}.`,
    reactivateFrom: (date: string) => `Disconnected. You can reactivate it from ${date}, or contact support.`,
    operator: 'We are reviewing this kit. You can activate it once it is approved; no action is needed from you.',
    support: 'This kit was declined. Please contact support on WhatsApp to find out why.',
    unknown: 'Please contact support on WhatsApp about this kit.',
    onItsPage: 'Open Manage to see when it can be renewed.',
  },
  /** The renewal deadline of a kit never paid for. */
  notActivated: 'Not activated yet',
  /** The dialog that confirms a charge. */
  confirm: {
    title: (charge: KitCharge, kitNumber: string) => `${chargeVerb[charge]} ${kitNumber}?`,
    pay: (amount: string) => `Pay ${amount}`,
    cancel: 'Cancel',
    amount: 'Price',
    period: 'Period',
    balance: 'Wallet balance now',
    balanceAfter: 'Wallet balance after',
    lead: 'This is paid from your wallet when you press Pay. Nothing is charged until then.',
  },
  /** The charge confirmation: the price of the period after this one, and a scheduled price change (issue 47). */
  nextRenewal: 'Next renewal',
  nextRenewalOn: (date: string, price: string) => `${date}: ${price}`,
  priceChangesFrom: (price: string, date: string) => `The price changes to ${price} from ${date}.`,
  /** The confirmed price was not the price any more (409): nothing was charged, the dialog shows the new one. */
  priceChanged: (price: string) => `The price has changed to ${price}. Nothing was charged. Check it and pay again.`,
  /** Insufficient Funds and the short charge: what is paid and what the wallet holds (issue 47, Renew like Activate). */
  short: {
    balance: 'Wallet balance',
  },
  quoteFailed: "We couldn't get the price of this kit. Nothing was charged. Please try again.",
  confirmUnavailable: 'Payment is unavailable right now. Nothing was charged. Please try again.',
} as const;

/** The button of each charge (spec section 4 names Activate, Renew and Reactivate). */
export const chargeVerb: Record<KitCharge, 'Activate' | 'Renew' | 'Reactivate'> = {
  activate: 'Activate',
  renew: 'Renew',
  reactivate: 'Reactivate',
};

/** The dashboard's usage panel for a kit that was never paid for. */
export const usageAfterActivation = 'Usage appears here once the kit is active.';

/** /home: the title over the money notices. */
export const moneyNoticesTitle = 'Updates about your money';
/** /home: each notice's dismiss button, named for a screen reader. */
export const dismissNotice = (title: string) => `Dismiss: ${title}`;

/**
 * Insufficient Funds when transfers awaiting confirmation cover the amount due (issue 47): said before the spec's text,
 * so nobody transfers twice. `sent` is the shared "NGN X sent on <date>, awaiting confirmation".
 */
export const noNeedToPayAgain = (sent: string) => `${sent}: no need to pay again`;
/** Several transfers awaiting confirmation, as one line. */
export const severalAwaiting = (total: string, count: number, date: string) =>
  `${total} sent in ${count} transfers (the latest on ${date}), awaiting confirmation`;

/** /home, first screen: the money strip beside the balance (issue 47, money first). */
export const moneyStrip = {
  title: 'Your money now',
  noneAwaiting: 'No transfer awaiting confirmation.',
  noNotice: 'No new updates about your money.',
  latest: 'Latest update',
  allUpdates: (count: number) => `All updates (${count})`,
  allUpdatesTitle: 'Updates about your money',
  close: 'Close',
} as const;

/** The kit card and the kit's page: what the next renewal costs (issue 47). */
export const renewalPrice = {
  nextRenewal: (price: string, date: string) => `Next renewal: ${price} on ${date}.`,
  firstPeriod: (price: string) => `30 days cost ${price}.`,
  priceChangesFrom: (price: string, date: string) => `The price changes to ${price} from ${date}.`,
  term: 'Next renewal',
  priceChangeTerm: 'Price change',
  onDate: (price: string, date: string) => `${price} on ${date}`,
  fromDate: (price: string, date: string) => `${price} from ${date}`,
} as const;

/** Why Add kit cannot be used now (issue 47, item 6); a payment's reason is shared-api's `paymentsUnavailable`. */
export const unavailable = {
  addKitOffline: "You're offline. Adding a kit needs a connection.",
  addKitUnreachable: "We can't reach the service, so a kit can't be added right now. Try again in a moment.",
} as const;
