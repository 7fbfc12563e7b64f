import type { KitRenewal } from 'shared-api';
import { kitNextStep } from 'portal-rules';
import { chargeVerb } from './texts';
import { newestFirst, subscriptionSummary } from './renewal-rules';

const now = new Date('2026-03-10T12:00:00.000Z');

function renewal(id: number, deadline: Date, createdAt = '2026-02-01T00:00:00.000Z'): KitRenewal {
  return {
    id,
    amount: 57000,
    status: 'receipt',
    deadline: deadline.toISOString(),
    created_at: createdAt,
    start_date: createdAt,
    end_date: deadline.toISOString(),
  };
}

describe('renew button', () => {
  it('reads Reactivate only for a deactivated kit', () => {
    const label = (status: string) => chargeVerb[kitNextStep(status, null, now).charge!];
    expect(label('deactivated')).toBe('Reactivate');
    expect(label('expired')).toBe('Renew');
  });

  it('orders the history newest first', () => {
    const list = [
      renewal(1, now, '2026-01-01T00:00:00Z'),
      renewal(2, now, '2026-03-01T00:00:00Z'),
      renewal(3, now, '2026-02-01T00:00:00Z'),
    ];
    expect(newestFirst(list).map((r) => r.id)).toEqual([2, 3, 1]);
  });
});

describe('subscriptionSummary', () => {
  const at = (id: number, status: string, createdAt: string): KitRenewal => ({
    ...renewal(id, new Date(createdAt), createdAt),
    status,
  });

  it('takes the latest receipt as paid and only an invoice issued after it as unpaid', () => {
    const older = at(1, 'invoice', '2026-01-01T00:00:00Z');
    const paid = at(2, 'receipt', '2026-02-01T00:00:00Z');
    const due = at(3, 'invoice', '2026-03-01T00:00:00Z');
    expect(subscriptionSummary([due, paid, older])).toEqual({ lastPaid: paid, unpaid: due });
    expect(subscriptionSummary([paid, older])).toEqual({ lastPaid: paid, unpaid: null });
  });

  it('has nothing paid when there is no receipt, whatever the order the server sent', () => {
    const due = at(3, 'invoice', '2026-03-01T00:00:00Z');
    expect(subscriptionSummary([due])).toEqual({ lastPaid: null, unpaid: due });
    expect(subscriptionSummary([])).toEqual({ lastPaid: null, unpaid: null });
  });
});
