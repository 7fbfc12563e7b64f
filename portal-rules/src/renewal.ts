// Pure module (no browser code): the kits area's renew button and the API's charge (`portal-rules`) both decide by it.

export const RENEW_WINDOW_DAYS = 7;
const RENEW_WINDOW_MS = RENEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** A renewal as either side holds it: the API's row (a Date) or the portal's JSON (an ISO string). */
export type RenewalDeadline = { deadline: Date | string };

/** The latest deadline across every renewal, invoice or receipt, in any order; unreadable dates are skipped. */
export function latestDeadline(renewals: readonly RenewalDeadline[]): Date | null {
  let latest: Date | null = null;
  for (const { deadline } of renewals) {
    const at = new Date(deadline);
    if (Number.isNaN(at.getTime())) continue;
    if (!latest || at > latest) latest = at;
  }
  return latest;
}

/**
 * Spec sections 4 and 9: a kit may renew when 7 days or fewer remain before its latest renewal deadline, or it has
 * passed. Counted in instants, not calendar days, so the portal and the API agree whatever their time zones. A kit
 * with no renewal yet has nothing to wait for (an approved kit is first paid for this way).
 */
export function canRenew(renewals: readonly RenewalDeadline[], now: Date = new Date()): boolean {
  const deadline = latestDeadline(renewals);
  return deadline === null || deadline.getTime() - now.getTime() <= RENEW_WINDOW_MS;
}

/**
 * Spec section 4: the dashboard's renew button is enabled only when the latest renewal deadline is within 7 days or
 * past, so not for a kit with no renewal yet (which canRenew lets the API charge, from Activate).
 */
export function renewButtonEnabled(renewals: readonly RenewalDeadline[], now: Date = new Date()): boolean {
  return latestDeadline(renewals) !== null && canRenew(renewals, now);
}
