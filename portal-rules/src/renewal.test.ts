import { renewalCases, renewalNow } from '../testing/renewal-cases';
import { canRenew, latestDeadline } from './renewal';

describe('canRenew (the renew button and the API charge)', () => {
  it.each(renewalCases)('$name: renewable $renewable', ({ renewals, renewable }) => {
    expect(canRenew(renewals, renewalNow)).toBe(renewable);
  });

  it('reads a date-only deadline as midnight UTC, the way a browser parses it', () => {
    expect(canRenew([{ deadline: '2026-03-17' }], renewalNow)).toBe(true);
    expect(canRenew([{ deadline: '2026-03-18' }], renewalNow)).toBe(false);
  });
});

describe('latestDeadline', () => {
  it('takes the latest of Date and string deadlines in any order, skipping unreadable ones', () => {
    const latest = latestDeadline([
      { deadline: new Date('2026-03-20T00:00:00Z') },
      { deadline: 'not a date' },
      { deadline: '2026-04-01T00:00:00Z' },
      { deadline: '2026-03-01T00:00:00Z' },
    ]);
    expect(latest?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(latestDeadline([{ deadline: 'not a date' }])).toBeNull();
  });
});
