import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle } from 'shared-api/testing';
import { renderStaffPage, signInAsStaff, staffPaths } from '../../../test-utils';
import AuditExpose from '../../../exposes/audit';

const KINDS = ['funding.approve', 'funding.decline', 'price.set'];
const entry = (id: number, kind: string, actor = 'fin@reseller.example', reason: string | null = null) => ({
  id,
  at: '2026-03-04T09:30:00Z',
  actor,
  role: actor === 'cli' ? null : 'finance',
  kind,
  customer_id: 3,
  customer_email: 'ada@example.com',
  subject: `FND-${id}`,
  before: { status: 'need_approval' },
  after: { status: kind === 'funding.decline' ? 'unapproved' : 'approved' },
  reason,
});

describe('audit log', () => {
  it('shows who did what to whom, before and after, and the reason', async () => {
    signInAsStaff('finance');
    handle('get', '/api/v1/staff/audit', { entries: [entry(9, 'funding.decline', 'fin@reseller.example', 'Not received')], kinds: KINDS, next_before: null });
    renderStaffPage(<AuditExpose />, staffPaths.audit);
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('cell', { name: 'fin@reseller.example (finance)' })).toBeInTheDocument();
    expect(within(row!).getByRole('cell', { name: 'funding.decline' })).toBeInTheDocument();
    expect(within(row!).getByRole('cell', { name: 'FND-9 · ada@example.com' })).toBeInTheDocument();
    expect(within(row!).getByRole('cell', { name: 'status: need_approval → unapproved' })).toBeInTheDocument();
    expect(within(row!).getByRole('cell', { name: 'Not received' })).toBeInTheDocument();
  });

  it('filters by person, customer and kind, and reads older entries page by page', async () => {
    const user = userEvent.setup();
    signInAsStaff('admin');
    const reads = handle('get', '/api/v1/staff/audit', ({ url }) => {
      const before = url.searchParams.get('before');
      if (before === '5') return Response.json({ entries: [entry(4, 'funding.approve')], kinds: KINDS, next_before: null });
      return Response.json({ entries: [entry(6, 'funding.approve'), entry(5, 'funding.approve')], kinds: KINDS, next_before: 5 });
    });
    renderStaffPage(<AuditExpose />, staffPaths.audit);
    await screen.findByRole('table', { name: 'Audit log entries' });
    await user.type(screen.getByRole('textbox', { name: 'Person (email, or cli)' }), 'cli');
    await user.type(screen.getByRole('textbox', { name: 'Customer (email or id)' }), 'ada@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'funding.approve');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('button', { name: 'Older entries' }));
    const table = screen.getByRole('table', { name: 'Audit log entries' });
    expect(await within(table).findAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
    const filtered = reads.filter((r) => r.url.searchParams.get('actor') === 'cli');
    expect(filtered.map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { actor: 'cli', customer: 'ada@example.com', kind: 'funding.approve' },
      { actor: 'cli', customer: 'ada@example.com', kind: 'funding.approve' },
      { actor: 'cli', customer: 'ada@example.com', kind: 'funding.approve', before: '5' },
    ]);
  });

  it('never shows the rows of the previous filter while the new one is read', async () => {
    const user = userEvent.setup();
    signInAsStaff('admin');
    let answer: (() => void) | undefined;
    handle('get', '/api/v1/staff/audit', ({ url }) =>
      url.searchParams.get('actor') === 'cli'
        ? new Promise<Response>((resolve) => {
            answer = () => resolve(Response.json({ entries: [entry(8, 'price.set', 'cli')], kinds: KINDS, next_before: null }));
          })
        : Response.json({ entries: [entry(6, 'funding.approve')], kinds: KINDS, next_before: null }),
    );
    renderStaffPage(<AuditExpose />, staffPaths.audit);
    expect(await screen.findByRole('cell', { name: 'FND-6 · ada@example.com' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Person (email, or cli)' }), 'cli');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.queryByRole('table', { name: 'Audit log entries' })).not.toBeInTheDocument();
    answer?.();
    expect(await screen.findByRole('cell', { name: 'FND-8 · ada@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'FND-6 · ada@example.com' })).not.toBeInTheDocument();
  });

  it('downloads the filtered rows as CSV with the staff token', async () => {
    const user = userEvent.setup();
    signInAsStaff('finance');
    handle('get', '/api/v1/staff/audit', { entries: [entry(9, 'price.set')], kinds: KINDS, next_before: null });
    const csv = handle('get', '/api/v1/staff/audit.csv', () => new Response('id,at\n9,2026-03-04\n', { headers: { 'Content-Type': 'text/csv' } }));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:audit'), revokeObjectURL: jest.fn() });
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderStaffPage(<AuditExpose />, staffPaths.audit);
    await screen.findByRole('table', { name: 'Audit log entries' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await screen.findByRole('button', { name: 'Download CSV' });
    expect(csv).toHaveLength(1);
    expect(csv[0]!.headers.get('authorization')).toBe('Bearer staff-token');
    expect(saved).toEqual(['audit-log.csv']);
    click.mockRestore();
  });

  it('is not for support', () => {
    signInAsStaff('support');
    renderStaffPage(<AuditExpose />, staffPaths.audit);
    expect(screen.getByRole('alert')).toHaveTextContent('Your role cannot open this page.');
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});
