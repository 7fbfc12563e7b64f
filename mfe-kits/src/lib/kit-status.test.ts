import {
  dashboardStatus,
  homeStatus,
  matchesStatusFilter,
  STATUS_FILTER_OPTIONS,
  type StatusFilter,
} from './kit-status';

describe('home labels (spec section 4)', () => {
  it.each([
    ['pending', 'approved', 'online'],
    ['active', 'online', 'online'],
    ['accepted', 'approved', 'online'],
    ['inactive', 'expired', 'offline'],
    ['deactivated', 'disconnected', 'disconnected'],
    ['expiring', 'expiring soon', 'expiring-soon'],
    ['need_approval', 'need_approval', 'awaiting-approval'],
    ['expired', 'expired', 'offline'],
    ['unapproved', 'unapproved', 'offline'],
    ['invoice', 'invoice', 'offline'],
    ['receipt', 'receipt', 'online'],
    ['something_new', 'something_new', 'other'],
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

describe('dashboard labels (spec section 4)', () => {
  it.each([
    ['pending', 'unconfirmed'],
    ['need_approval', 'processing'],
    ['expired', 'expired'],
    ['expiring', 'expiring soon'],
    ['accepted', 'approved'],
    ['unapproved', 'declined'],
    ['active', 'online'],
    ['inactive', 'expired'],
    ['deactivated', 'disconnected'],
    ['something_new', 'something_new'],
  ])('%s shows "%s"', (status, label) => {
    expect(dashboardStatus(status).label).toBe(label);
  });

  it('reads the same as the home list for every status the home table names, except pending (the spec differs)', () => {
    const named = ['active', 'accepted', 'inactive', 'deactivated', 'expiring', 'expired'];
    for (const status of named) expect(dashboardStatus(status).label).toBe(homeStatus(status).label);
    expect([homeStatus('pending').label, dashboardStatus('pending').label]).toEqual(['approved', 'unconfirmed']);
    // The home list shows what its table does not name as-is; the dashboard's table names these two.
    expect([homeStatus('need_approval').label, dashboardStatus('need_approval').label]).toEqual(['need_approval', 'processing']);
  });
});
