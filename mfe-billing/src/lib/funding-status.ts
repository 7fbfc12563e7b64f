import type { FundingStatus } from 'shared-api';

type Tone = 'online' | 'offline' | 'warning' | 'neutral';

/** Spec section 4, funding status labels; unknown values show as-is. */
const labels: Record<string, string> = {
  pending: 'unconfirmed',
  need_approval: 'processing',
  approved: 'successful',
  unapproved: 'declined',
  expired: 'expired',
  expiring: 'expiring soon',
};

const tones: Record<string, Tone> = {
  pending: 'warning',
  need_approval: 'neutral',
  approved: 'online',
  unapproved: 'offline',
  expired: 'offline',
  expiring: 'warning',
};

export function fundingStatusLabel(status: FundingStatus | null | undefined): string {
  if (!status) return '—';
  return labels[status] ?? status.replace(/_/g, ' ');
}

export function fundingStatusTone(status: FundingStatus | null | undefined): Tone {
  return (status && tones[status]) || 'neutral';
}

/** The one state in which the customer still has to say they paid. */
export function awaitsConfirmation(status: FundingStatus | null | undefined): boolean {
  return status === 'pending';
}

export function paymentMethodLabel(method: string | null | undefined): string {
  if (!method) return '—';
  return method === 'offline' ? 'Bank transfer' : method.replace(/_/g, ' ');
}
