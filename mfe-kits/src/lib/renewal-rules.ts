import type { Kit, KitRenewal } from 'shared-api';

export const RENEW_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The latest deadline across the history, whatever order the server sent it in. */
export function latestDeadline(renewals: readonly KitRenewal[]): Date | null {
  let latest: Date | null = null;
  for (const renewal of renewals) {
    const deadline = new Date(renewal.deadline);
    if (Number.isNaN(deadline.getTime())) continue;
    if (!latest || deadline > latest) latest = deadline;
  }
  return latest;
}

/**
 * Spec sections 4 and 9: enabled when 7 days or fewer remain before the latest deadline, or it has
 * passed. A kit with no renewal yet has nothing to wait for (an approved kit is first paid for here),
 * so it may renew at once.
 */
export function canRenew(renewals: readonly KitRenewal[], now: Date = new Date()): boolean {
  const deadline = latestDeadline(renewals);
  if (!deadline) return true;
  return deadline.getTime() - now.getTime() <= RENEW_WINDOW_DAYS * DAY_MS;
}

export function renewButtonLabel(kit: Pick<Kit, 'status'>): 'Reactivate' | 'Renew' {
  return kit.status === 'deactivated' ? 'Reactivate' : 'Renew';
}

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
