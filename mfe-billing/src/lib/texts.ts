// The billing area's texts, one catalogue: spec section 8 in `messages`, and the area's own in `newMessages`.

/** Spec section 8, letter by letter (note the double space in fundingStarted). */
export const messages = {
  fundingStarted: 'Funding process  started. Please proceed to make payment.',
  fundFailed: 'Failed to fund wallet. Please try again.',
  paymentThanks: 'Thanks for confirming, your wallet would be credited when payment is received!',
  confirmFailed: 'Failed to confirm payment. Please try again.',
  paymentConfirmed: 'Payment confirmed successfully!',
  billingFetchFailed: 'Failed to fetch billing data',
  accountCopied: 'Account number copied to clipboard!',
  copyFailed: 'Failed to copy account number.',
} as const;

/** Spec section 9: recommended minimum wallet funding. */
export const RECOMMENDED_MIN_FUNDING = 120_000;

/** The area's own texts beyond spec section 8: the funding flow's own, and the wallet statement (not in the spec). */
export const newMessages = {
  funding: {
    /** Fund Account's primary action when transfers awaiting confirmation cover the amount asked: close and wait. */
    wait: 'Wait for confirmation',
  },
  statement: {
    title: 'Wallet statement',
    caption: (count: number) => `Every credit and debit of your wallet${count > 0 ? ` (${count})` : ''}, newest first`,
    empty: 'No money has moved through your wallet yet.',
    unavailable: 'Your wallet statement is unavailable right now.',
    loading: 'Loading wallet statement…',
    pages: 'Wallet statement pages',
    retry: 'Retry',
    kinds: {
      funding: (reference: string | null) => `Wallet funded${reference ? ` (${reference})` : ''}`,
      activation: (kit: string | null) => `Kit ${kit ?? ''} activated`.replace('  ', ' '),
      renewal: (kit: string | null) => `Kit ${kit ?? ''} renewed`.replace('  ', ' '),
      auto_renewal: (kit: string | null) => `Kit ${kit ?? ''} auto-renewed`.replace('  ', ' '),
      adjustment: () => 'Adjustment',
    },
    /** A month's statement as a PDF. */
    pdf: {
      month: 'Statement month',
      download: 'Download PDF statement',
      saved: (month: string) => `Your statement for ${month} was downloaded.`,
      noHistory: (month: string) => `Your wallet has no credits or debits in ${month}, so there is no statement for that month.`,
      unavailable: 'PDF statements are not available yet.',
      failed: "We couldn't download your statement. Please try again.",
    },
  },
} as const;
