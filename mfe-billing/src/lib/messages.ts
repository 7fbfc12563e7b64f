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
