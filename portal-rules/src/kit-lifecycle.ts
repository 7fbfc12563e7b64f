// Pure module (no browser code): the API's charge, the operator's review moves and the kits area's buttons all read
// this one table (`portal-rules`), so a state the customer can reach never lacks its next step.
import { canRenew, RENEW_WINDOW_DAYS } from './renewal';

/** What the customer pays for from the wallet in a state: the first period, the next one, or one after a disconnection. */
export type KitCharge = 'activate' | 'renew' | 'reactivate';

/** Who moves a kit on from a state in which the customer cannot pay. */
export type KitWaitingOn = 'customer' | 'operator' | 'support';

export interface KitStateRule {
  /** The charge the customer may make in this state (renewals only inside the renewal window), or none. */
  charge: KitCharge | null;
  /** Who acts next when there is no charge to make. */
  waitingOn: KitWaitingOn;
  /** The states the operator's review may move a kit from into this one; empty: only a payment or the sweep leads here. */
  operatorFrom: readonly string[];
}

/** Paid, or paid once and lapsed: what the operator may disconnect. */
const PAID_STATES = ['active', 'expiring', 'expired', 'inactive', 'invoice', 'receipt'] as const;

/**
 * The kit lifecycle (spec section 4's statuses; api/README.md "Kit lifecycle" is this table in prose):
 *
 * | status        | meaning                                  | customer's next step          | operator may set it from |
 * |---------------|------------------------------------------|-------------------------------|--------------------------|
 * | pending       | added, ready to be paid for              | Activate                      | (a new kit)              |
 * | need_approval | held for review                          | none: the operator decides    | pending, accepted, unapproved |
 * | accepted      | reviewed and approved, not paid yet      | Activate                      | pending, need_approval, unapproved |
 * | unapproved    | declined by the review                   | none: contact support         | pending, need_approval, accepted |
 * | active        | paid period running                      | Renew, from 7 days before it ends | (a payment)          |
 * | receipt       | paid period running (older data)         | Renew, as active              | (a payment)              |
 * | expiring      | paid period ends within 7 days           | Renew                         | (the sweep)              |
 * | expired       | paid period over                         | Renew                         | (the sweep)              |
 * | inactive      | paid period over (older data)            | Renew                         | —                        |
 * | invoice       | a period billed, not paid                | Renew                         | —                        |
 * | deactivated   | disconnected by the reseller             | Reactivate (same window)      | active, expiring, expired, inactive, invoice, receipt |
 *
 * A payment moves any chargeable kit to active (or expiring, when the period bought ends within 7 days).
 */
export const KIT_LIFECYCLE: Readonly<Record<string, KitStateRule>> = {
  pending: { charge: 'activate', waitingOn: 'customer', operatorFrom: [] },
  need_approval: { charge: null, waitingOn: 'operator', operatorFrom: ['pending', 'accepted', 'unapproved'] },
  accepted: { charge: 'activate', waitingOn: 'customer', operatorFrom: ['pending', 'need_approval', 'unapproved'] },
  unapproved: { charge: null, waitingOn: 'support', operatorFrom: ['pending', 'need_approval', 'accepted'] },
  active: { charge: 'renew', waitingOn: 'customer', operatorFrom: [] },
  receipt: { charge: 'renew', waitingOn: 'customer', operatorFrom: [] },
  expiring: { charge: 'renew', waitingOn: 'customer', operatorFrom: [] },
  expired: { charge: 'renew', waitingOn: 'customer', operatorFrom: [] },
  inactive: { charge: 'renew', waitingOn: 'customer', operatorFrom: [] },
  invoice: { charge: 'renew', waitingOn: 'customer', operatorFrom: [] },
  deactivated: { charge: 'reactivate', waitingOn: 'customer', operatorFrom: [...PAID_STATES] },
};

/** A status nobody wrote a rule for (another server's) offers nothing to pay and sends the customer to support. */
const UNKNOWN_STATE: KitStateRule = { charge: null, waitingOn: 'support', operatorFrom: [] };

export function kitStateRule(status: string | null | undefined): KitStateRule {
  const key = String(status ?? '');
  return Object.prototype.hasOwnProperty.call(KIT_LIFECYCLE, key) ? KIT_LIFECYCLE[key]! : UNKNOWN_STATE;
}

/** The states the operator's `kit <number> <status>` may set; the others follow from payments and the sweep. */
export const OPERATOR_STATES: readonly string[] = Object.keys(KIT_LIFECYCLE).filter((s) => KIT_LIFECYCLE[s]!.operatorFrom.length > 0);

/** Why the operator may not move a kit from `from` to `to`, or null when the move is in the table (or changes nothing). */
export function operatorMoveRefusal(from: string, to: string): string | null {
  if (from === to) return null;
  if (!OPERATOR_STATES.includes(to)) {
    return `${to} is not a review state: the operator sets only ${OPERATOR_STATES.join(', ')}; payments and the sweep set the others.`;
  }
  const allowed = kitStateRule(to).operatorFrom;
  if (!allowed.includes(from)) return `A kit in ${from} cannot be moved to ${to}; ${to} is set from ${allowed.join(', ')}.`;
  return null;
}

/** Whether a charge is the first period of a kit (an activation) rather than a renewal. */
export const isFirstPeriod = (status: string | null | undefined, hasPaidPeriod: boolean) =>
  kitStateRule(status).charge === 'activate' && !hasPaidPeriod;

export interface KitNextStep {
  /** The charge the customer's button makes, or null when someone else acts next. */
  charge: KitCharge | null;
  /** The button may be pressed now: always for a first activation, inside the renewal window for the others. */
  ready: boolean;
  /** When a renewal not due yet can be made (7 days before the deadline). */
  opensAt: Date | null;
  waitingOn: KitWaitingOn;
}

/**
 * The one next step of a kit, from its status and its latest renewal deadline (null when it has none): the charge the
 * API would take now, or when it will, or who else acts. The API charges by the same rule (`canRenew`).
 */
export function kitNextStep(status: string | null | undefined, deadline: Date | string | null | undefined, now: Date = new Date()): KitNextStep {
  const rule = kitStateRule(status);
  if (!rule.charge) return { charge: null, ready: false, opensAt: null, waitingOn: rule.waitingOn };
  const due = deadline ? new Date(deadline) : null;
  const known = due !== null && !Number.isNaN(due.getTime());
  const ready = canRenew(known ? [{ deadline: due }] : [], now);
  const opensAt = !ready && known ? new Date(due.getTime() - RENEW_WINDOW_DAYS * 24 * 60 * 60 * 1000) : null;
  return { charge: rule.charge, ready, opensAt, waitingOn: 'customer' };
}
