import { fundingsAwaitingApproval } from './fundings';

const funding = (id: number, status: string, created_at: string) => ({
  id,
  reference: `FND-${id}`,
  payment_method: 'offline',
  amount: 57000,
  status,
  created_at,
});

describe('fundingsAwaitingApproval', () => {
  it('keeps the fundings confirmed as paid and not yet approved, newest first', () => {
    const fundings = [
      funding(1, 'need_approval', '2026-03-01T10:00:00Z'),
      funding(2, 'pending', '2026-03-02T10:00:00Z'),
      funding(3, 'approved', '2026-03-03T10:00:00Z'),
      funding(4, 'need_approval', '2026-03-04T10:00:00Z'),
      funding(5, 'unapproved', '2026-03-05T10:00:00Z'),
    ];
    expect(fundingsAwaitingApproval(fundings).map((f) => f.id)).toEqual([4, 1]);
  });

  it('has none before the fundings are read', () => {
    expect(fundingsAwaitingApproval(undefined)).toEqual([]);
  });
});
