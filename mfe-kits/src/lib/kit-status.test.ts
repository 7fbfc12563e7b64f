import {
  dashboardStatus,
  homeStatus,
  matchesStatusFilter,
  STATUS_FILTER_OPTIONS,
  type StatusFilter,
} from './kit-status';

describe('home labels (spec section 4, one table for both screens: issue 47)', () => {
  it.each([
    ['pending', 'approved', 'online'],
    ['active', 'online', 'online'],
    ['accepted', 'approved', 'online'],
    ['inactive', 'expired', 'offline'],
    ['deactivated', 'disconnected', 'disconnected'],
    ['expiring', 'expiring soon', 'expiring-soon'],
    ['need_approval', 'processing', 'awaiting-approval'],
    ['expired', 'expired', 'offline'],
    ['unapproved', 'declined', 'offline'],
    ['invoice', 'invoice', 'offline'],
    ['receipt', 'receipt', 'online'],
    ['something_new', 'something new', 'other'],
  ])('%s shows "%s" styled %s', (status, label, styleClass) => {
    expect(homeStatus(status)).toEqual({ label, styleClass });
  });

  it('offers exactly the spec filter options', () => {
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All',
      'Online',
      'Offline',
      'Awaiting Approval',
      'Disconnected',
      'Expiring Soon',
    ]);
  });

  it('matches the filter on the style class', () => {
    const statuses = ['pending', 'active', 'accepted', 'inactive', 'deactivated', 'expiring', 'need_approval', 'weird'];
    const pick = (filter: StatusFilter) => statuses.filter((s) => matchesStatusFilter(s, filter));
    expect(pick('all')).toEqual(statuses);
    expect(pick('online')).toEqual(['pending', 'active', 'accepted']);
    expect(pick('offline')).toEqual(['inactive']);
    expect(pick('awaiting-approval')).toEqual(['need_approval']);
    expect(pick('disconnected')).toEqual(['deactivated']);
    expect(pick('expiring-soon')).toEqual(['expiring']);
  });
});

describe('the kit page says what the list says (issue 47)', () => {
  it.each([
    ['pending', 'approved'],
    ['need_approval', 'processing'],
    ['expired', 'expired'],
    ['expiring', 'expiring soon'],
    ['accepted', 'approved'],
    ['unapproved', 'declined'],
    ['active', 'online'],
    ['inactive', 'expired'],
    ['deactivated', 'disconnected'],
    ['something_new', 'something new'],
  ])('%s shows "%s" on both', (status, label) => {
    expect(dashboardStatus(status).label).toBe(label);
    expect(homeStatus(status).label).toBe(label);
  });

  it('never shows a code with an underscore', () => {
    for (const status of ['pending', 'active', 'accepted', 'inactive', 'deactivated', 'expiring', 'need_approval', 'expired', 'unapproved', 'invoice', 'receipt', 'x_y']) {
      expect(homeStatus(status).label).not.toMatch(/_/);
      expect(dashboardStatus(status).label).not.toMatch(/_/);
    }
  });
});
