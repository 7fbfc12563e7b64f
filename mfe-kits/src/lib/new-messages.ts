/**
 * Texts of this area beyond spec section 8 (which stays letter by letter where it is used): the kit's next step,
 * and the price confirmed before a charge. One catalogue, so each can be reviewed and translated in one place.
 */
import type { KitCharge } from 'portal-rules';

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
  quoteFailed: "We couldn't get the price of this kit. Nothing was charged. Please try again.",
  confirmUnavailable: 'Payment is unavailable right now. Nothing was charged. Please try again.',
} as const;

/** The button of each charge (spec section 4 names Activate, Renew and Reactivate). */
export const chargeVerb: Record<KitCharge, 'Activate' | 'Renew' | 'Reactivate'> = {
  activate: 'Activate',
  renew: 'Renew',
  reactivate: 'Reactivate',
};
