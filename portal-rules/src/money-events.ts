/**
 * Money events the API tells a customer about (issue 37): by email and WhatsApp through its outbox, and as a notice on
 * /home. The API writes the messages and the portal the notices from these same texts; each type can be turned off
 * on /profile.
 */
export const MONEY_EVENT_TYPES = [
  'funding_approved',
  'funding_declined',
  'renewal_due',
  'auto_renew_charged',
  'auto_renew_failed',
] as const;
export type MoneyEventType = (typeof MONEY_EVENT_TYPES)[number];

/** What a message needs, already formatted by whoever shows it (amounts "NGN 57,000", dates "3rd Mar 2026"). */
export interface MoneyEventFacts {
  amount: string;
  reference?: string | null;
  kitNumber?: string | null;
  date?: string | null;
}

export const moneyEventTexts: Record<
  MoneyEventType,
  { title: string; body: (facts: MoneyEventFacts) => string; setting: string }
> = {
  funding_approved: {
    title: 'Wallet funded',
    body: ({ amount, reference }) => `We received your transfer of ${amount} (${reference ?? ''}) and added it to your wallet.`,
    setting: 'A transfer is added to my wallet',
  },
  funding_declined: {
    title: 'Transfer not confirmed',
    body: ({ amount, reference }) =>
      `We could not confirm your transfer of ${amount} (${reference ?? ''}), so your wallet was not credited. Please contact support on WhatsApp.`,
    setting: 'A transfer could not be confirmed',
  },
  renewal_due: {
    title: 'Renewal due soon',
    body: ({ amount, kitNumber, date }) =>
      `Kit ${kitNumber ?? ''} is due for renewal on ${date ?? ''} and your wallet is short. Add ${amount} to your wallet to renew it.`,
    setting: 'A renewal is due in 3 days and my wallet is short',
  },
  auto_renew_charged: {
    title: 'Kit renewed',
    body: ({ amount, kitNumber, date }) =>
      `Kit ${kitNumber ?? ''} was renewed automatically: ${amount} was paid from your wallet. It is paid up to ${date ?? ''}.`,
    setting: 'Auto-renew paid for a kit',
  },
  auto_renew_failed: {
    title: 'Auto-renew failed',
    body: ({ amount, kitNumber, date }) =>
      `We could not renew kit ${kitNumber ?? ''} automatically: your wallet is short of ${amount}. Fund your wallet and renew it by ${date ?? ''} to keep it online.`,
    setting: 'Auto-renew could not pay for a kit',
  },
};
