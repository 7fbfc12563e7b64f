import { MONEY_EVENT_TYPES, moneyEventTexts } from 'portal-rules';
import { formatAmount, formatDate } from '../lib/format';

/**
 * Everything a customer is told about, as a notice on /home and by email and WhatsApp: the money events of issue 37
 * (their titles shared with the portal, `portal-rules`), a price change, and a kit review's outcome.
 */
export const NOTICE_TYPES = [...MONEY_EVENT_TYPES, 'price_change', 'kit_accepted', 'kit_declined'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/** What a notice states, as recorded when it happened. */
export interface NoticeFacts {
  type: NoticeType;
  amount: number;
  oldAmount?: number | null;
  /** The wallet's balance once the event happened. */
  balance?: number | null;
  reference?: string | null;
  kitId?: number | null;
  kitNumber?: string | null;
  /** The day concerned: a deadline, a paid-up date, the day a price takes effect. */
  date?: Date | null;
  reason?: string | null;
}

/** A notice's words: its title, what happened, and the next step with the portal route to take it on (or none). */
export interface NoticeText {
  title: string;
  text: string;
  next: { text: string; route: string | null };
}

const TITLES: Record<Exclude<NoticeType, (typeof MONEY_EVENT_TYPES)[number]>, string> = {
  price_change: 'Plan price changing',
  kit_accepted: 'Kit accepted',
  kit_declined: 'Kit declined',
};

export function noticeText(f: NoticeFacts): NoticeText {
  const amount = formatAmount(f.amount);
  const balance = formatAmount(f.balance ?? 0);
  const date = f.date ? formatDate(f.date) : '';
  const kit = f.kitNumber ?? '';
  const kitPage = f.kitId ? `/dashboard/${f.kitId}` : '/home';
  const title = f.type in TITLES ? TITLES[f.type as keyof typeof TITLES] : moneyEventTexts[f.type as (typeof MONEY_EVENT_TYPES)[number]].title;
  switch (f.type) {
    case 'funding_approved':
      return {
        title,
        text: `We received your transfer of ${amount} (${f.reference ?? ''}) and added it to your wallet. Your balance is now ${balance}.`,
        next: { text: 'Activate or renew a kit from Home.', route: '/home' },
      };
    case 'funding_declined':
      return {
        title,
        text:
          `We could not confirm your transfer of ${amount} (${f.reference ?? ''}), so your wallet was not credited. Your balance is ${balance}.` +
          // The staff member's reason (services/staff/transfers.ts), as they gave it.
          (f.reason ? ` Reason: ${f.reason}` : ''),
        next: { text: 'Check the transfer on Billing, then contact support on WhatsApp.', route: '/billing' },
      };
    case 'renewal_due':
      return {
        title,
        text: `Kit ${kit} is due for renewal on ${date} and your wallet holds ${balance}. Add ${amount} to your wallet to renew it.`,
        next: { text: `Fund your wallet with ${amount}.`, route: '/billing' },
      };
    case 'auto_renew_charged':
      return {
        title,
        text: `Kit ${kit} was renewed automatically: ${amount} was paid from your wallet. It is paid up to ${date}. Your balance is now ${balance}.`,
        next: { text: "Nothing to do. The receipt is on the kit's page.", route: kitPage },
      };
    case 'auto_renew_failed':
      return {
        title,
        text: `Kit ${kit} could not be renewed automatically: your wallet holds ${balance} and is short of ${amount}. The renewal was due on ${date}.`,
        next: { text: `Fund your wallet with ${amount}, then renew the kit from its page.`, route: '/billing' },
      };
    case 'price_change':
      return {
        title,
        text: `From ${date}, one 30-day period costs ${amount} instead of ${formatAmount(f.oldAmount ?? f.amount)}. A renewal on or after that day is charged the new price. Your balance is ${balance}.`,
        next: { text: 'See when each kit renews, and at what price, on Home.', route: '/home' },
      };
    case 'kit_accepted':
      return {
        title,
        text: `Kit ${kit} was reviewed and accepted.`,
        next: { text: `Activate it from its page: ${amount} for 30 days, paid from your wallet.`, route: kitPage },
      };
    case 'kit_declined':
      return {
        title,
        text: `Kit ${kit} was reviewed and declined${f.reason ? `: ${f.reason}` : ''}.`,
        next: { text: 'Contact support on WhatsApp about it.', route: null },
      };
  }
}

/** An email or WhatsApp message of a notice: the same words, and the next step with its full portal address. */
export function noticeMessage(portalUrl: string, name: string, t: NoticeText): { subject: string; body: string } {
  return { subject: t.title, body: `Hello ${name},\n\n${t.text}\n\nNext: ${t.next.text}${t.next.route ? ` ${portalUrl}${t.next.route}` : ''}` };
}

/** The message after sign-up: the first two steps, each with its portal address. */
export function welcomeMessage(portalUrl: string, name: string, price: number): { subject: string; body: string } {
  return {
    subject: 'Welcome to the Starlink portal',
    body:
      `Hello ${name},\n\nYour Starlink portal account is ready. Two steps to get your kit online:\n` +
      `1. Register your kit: Add kit on Home, ${portalUrl}/home\n` +
      `2. Fund your wallet by bank transfer on Billing, ${portalUrl}/billing (one 30-day period is ${formatAmount(price)}).\n\n` +
      'Then activate the kit from its page.',
  };
}
