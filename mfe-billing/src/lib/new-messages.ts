/**
 * Texts of the billing area beyond spec section 8 (`messages.ts` keeps the spec's letter by letter): the wallet
 * statement, a section the spec does not have.
 */
export const newMessages = {
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
