import type { KitStatus } from 'shared-api';

/**
 * Style classes of the home list. The status filter matches on these (spec section 4), so two
 * statuses that show the same label always share a class: a customer filtering on "Online" sees
 * every kit labelled "approved", never half of them.
 */
export type KitStyleClass = 'online' | 'offline' | 'awaiting-approval' | 'disconnected' | 'expiring-soon' | 'other';

export interface KitStatusView {
  label: string;
  styleClass: KitStyleClass;
}

/**
 * One label per status on /home and on the kit's page (issue 47: the same words on both, never a raw code). The
 * labels are the spec's (section 4): the home table's six, and the dashboard table's for the statuses the home table
 * leaves as-is (need_approval "processing", unapproved "declined", expired). Pending is the one status the two tables
 * name differently ("approved" on the list, "unconfirmed" on the dashboard): it reads "approved" on both, since a
 * pending kit is one the customer can activate now and "unconfirmed" would ask them to confirm something. Any other
 * status reads as its words ("something_new" as "something new"). The classes the spec leaves open are chosen by what
 * the kit can do for the customer:
 *
 * | status        | label          | class              | why the class                                   |
 * |---------------|----------------|--------------------|-------------------------------------------------|
 * | pending       | approved       | online             | spec: "styled online"                           |
 * | active        | online         | online             |                                                 |
 * | accepted      | approved       | online             | same label as pending, so same class            |
 * | inactive      | expired        | offline            | spec: "(offline)"                               |
 * | deactivated   | disconnected   | disconnected       |                                                 |
 * | expiring      | expiring soon  | expiring-soon      |                                                 |
 * | need_approval | processing     | awaiting-approval  | the operator has not reviewed it yet            |
 * | expired       | expired        | offline            | same label as inactive, so same class           |
 * | unapproved    | declined       | offline            | declined: it cannot be brought online           |
 * | invoice       | invoice        | offline            | a period is billed but not paid                 |
 * | receipt       | receipt        | online             | the current period is paid                      |
 * | anything else | its words      | other              | only the "All" filter shows it                  |
 */
const HOME_STATUS: Record<string, KitStatusView> = {
  pending: { label: 'approved', styleClass: 'online' },
  active: { label: 'online', styleClass: 'online' },
  accepted: { label: 'approved', styleClass: 'online' },
  inactive: { label: 'expired', styleClass: 'offline' },
  deactivated: { label: 'disconnected', styleClass: 'disconnected' },
  expiring: { label: 'expiring soon', styleClass: 'expiring-soon' },
  need_approval: { label: 'processing', styleClass: 'awaiting-approval' },
  expired: { label: 'expired', styleClass: 'offline' },
  unapproved: { label: 'declined', styleClass: 'offline' },
  invoice: { label: 'invoice', styleClass: 'offline' },
  receipt: { label: 'receipt', styleClass: 'online' },
};

/** A status no table names, in words: a code's underscores read as spaces. */
const inWords = (key: string) => key.replace(/_+/g, ' ').trim();

export function homeStatus(status: KitStatus | null | undefined): KitStatusView {
  const key = String(status ?? '');
  return Object.prototype.hasOwnProperty.call(HOME_STATUS, key)
    ? HOME_STATUS[key]!
    : { label: inWords(key), styleClass: 'other' };
}

export type StatusFilter = 'all' | Exclude<KitStyleClass, 'other'>;

/** Spec section 4: exactly these options, in this order. */
export const STATUS_FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
  { value: 'awaiting-approval', label: 'Awaiting Approval' },
  { value: 'disconnected', label: 'Disconnected' },
  { value: 'expiring-soon', label: 'Expiring Soon' },
];

export function matchesStatusFilter(status: KitStatus, filter: StatusFilter): boolean {
  return filter === 'all' || homeStatus(status).styleClass === filter;
}

export type BadgeTone = 'online' | 'offline' | 'warning' | 'neutral';

export function toneOfClass(styleClass: KitStyleClass): BadgeTone {
  switch (styleClass) {
    case 'online':
      return 'online';
    case 'offline':
    case 'disconnected':
      return 'offline';
    case 'awaiting-approval':
    case 'expiring-soon':
      return 'warning';
    default:
      return 'neutral';
  }
}

const DASHBOARD_TONES: Record<string, BadgeTone> = {
  active: 'online',
  accepted: 'online',
  receipt: 'online',
  expiring: 'warning',
  need_approval: 'warning',
  pending: 'warning',
  expired: 'offline',
  inactive: 'offline',
  deactivated: 'offline',
  unapproved: 'offline',
  invoice: 'offline',
};

export function dashboardStatus(status: KitStatus | null | undefined): { label: string; tone: BadgeTone } {
  const key = String(status ?? '');
  // The kit's page says what the list says (issue 47); its tone is its own.
  return { label: homeStatus(status).label, tone: DASHBOARD_TONES[key] ?? 'neutral' };
}
