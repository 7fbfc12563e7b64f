import type { KitRenewal } from 'shared-api';

/** Newest first (spec section 7), kept even if a server sends another order. */
export function newestFirst(renewals: readonly KitRenewal[]): KitRenewal[] {
  const time = (r: KitRenewal) => {
    const t = new Date(r.created_at).getTime();
    return Number.isNaN(t) ? -Infinity : t;
  };
  return renewals
    .map((renewal, index) => ({ renewal, index }))
    .sort((a, b) => time(b.renewal) - time(a.renewal) || a.index - b.index)
    .map(({ renewal }) => renewal);
}

export interface SubscriptionSummary {
  /** The latest receipt: the last period the customer paid for. */
  lastPaid: KitRenewal | null;
  /** The latest invoice issued after that receipt (or with none paid yet): billed, not paid. */
  unpaid: KitRenewal | null;
}

/** Splits the history into what was paid and what is owed; the status field says which (spec section 3). */
export function subscriptionSummary(renewals: readonly KitRenewal[]): SubscriptionSummary {
  const ordered = newestFirst(renewals);
  const paidIndex = ordered.findIndex((r) => r.status === 'receipt');
  const lastPaid = paidIndex === -1 ? null : ordered[paidIndex]!;
  const newer = paidIndex === -1 ? ordered : ordered.slice(0, paidIndex);
  return { lastPaid, unpaid: newer.find((r) => r.status === 'invoice') ?? null };
}
