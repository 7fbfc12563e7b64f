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
 * Home list labels. The labels of pending, active, accepted, inactive, deactivated and expiring are
 * the spec's; every other status shows as-is, as the spec says (so need_approval and unapproved read
 * differently here than on the dashboard, whose table names them). The classes
 * the spec leaves open are chosen by what the kit can do for the customer:
 *
 * | status        | label          | class              | why the class                                   |
 * |---------------|----------------|--------------------|-------------------------------------------------|
 * | pending       | approved       | online             | spec: "styled online"                           |
 * | active        | online         | online             |                                                 |
 * | accepted      | approved       | online             | same label as pending, so same class            |
 * | inactive      | expired        | offline            | spec: "(offline)"                               |
 * | deactivated   | disconnected   | disconnected       |                                                 |
 * | expiring      | expiring soon  | expiring-soon      |                                                 |
 * | need_approval | need_approval  | awaiting-approval  | the operator has not reviewed it yet            |
 * | expired       | expired        | offline            | same label as inactive, so same class           |
 * | unapproved    | unapproved     | offline            | declined: it cannot be brought online           |
 * | invoice       | invoice        | offline            | a period is billed but not paid                 |
 * | receipt       | receipt        | online             | the current period is paid                      |
 * | anything else | as-is          | other              | only the "All" filter shows it                  |
 */
const HOME_STATUS: Record<string, KitStatusView> = {
  pending: { label: 'approved', styleClass: 'online' },
  active: { label: 'online', styleClass: 'online' },
  accepted: { label: 'approved', styleClass: 'online' },
  inactive: { label: 'expired', styleClass: 'offline' },
  deactivated: { label: 'disconnected', styleClass: 'disconnected' },
  expiring: { label: 'expiring soon', styleClass: 'expiring-soon' },
  need_approval: { label: 'need_approval', styleClass: 'awaiting-approval' },
  expired: { label: 'expired', styleClass: 'offline' },
  unapproved: { label: 'unapproved', styleClass: 'offline' },
  invoice: { label: 'invoice', styleClass: 'offline' },
  receipt: { label: 'receipt', styleClass: 'online' },
};

export function homeStatus(status: KitStatus | null | undefined): KitStatusView {
  const key = String(status ?? '');
  return Object.prototype.hasOwnProperty.call(HOME_STATUS, key)
    ? HOME_STATUS[key]!
    : { label: key, styleClass: 'other' };
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

/**
 * Dashboard labels of spec section 4; active, inactive and deactivated, which that table leaves as-is, take the
 * home table's words (a kit "online" on the list is not "active" on its page); other statuses show as-is.
 */
const DASHBOARD_LABELS: Record<string, string> = {
  pending: 'unconfirmed',
  need_approval: 'processing',
  expired: 'expired',
  expiring: 'expiring soon',
  accepted: 'approved',
  unapproved: 'declined',
  active: 'online',
  inactive: 'expired',
  deactivated: 'disconnected',
};

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
  return {
    label: Object.prototype.hasOwnProperty.call(DASHBOARD_LABELS, key) ? DASHBOARD_LABELS[key]! : key,
    tone: DASHBOARD_TONES[key] ?? 'neutral',
  };
}
