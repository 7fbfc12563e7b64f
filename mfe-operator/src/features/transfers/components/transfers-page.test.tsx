import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle } from 'shared-api/testing';
import { openDecline, renderStaffPage, signInAsStaff, staffPaths, TOKEN } from '../../../test-utils';
import TransfersExpose from '../../../exposes/transfers';

const customer = { id: 3, name: 'Ada Okafor', email: 'ada@example.com' };
const transfer = (reference: string, amount: number, saidPaidAt: string, firstApproval: { by: string; at: string } | null = null) => ({
  reference,
  amount,
  said_paid_at: saidPaidAt,
  created_at: saidPaidAt,
  customer,
  needs_second_approval: amount > 500_000,
  first_approval: firstApproval,
});

const list = (transfers: ReturnType<typeof transfer>[]) => ({ four_eyes_above: 500_000, transfers });

function renderTransfers() {
  return renderStaffPage(<TransfersExpose />, staffPaths.transfers);
}

describe('transfers awaiting approval', () => {
  it('lists them as the server orders them (oldest first): reference, amount, customer and the date they said they paid', async () => {
    signInAsStaff('finance');
    const reads = handle('get', '/api/v1/staff/transfers', list([transfer('FND-OLD', 120_000, '2026-03-01T09:00:00Z'), transfer('FND-NEW', 80_000, '2026-03-04T09:00:00Z')]));
    renderTransfers();
    const table = await screen.findByRole('table', { name: 'Transfers the customer said they made' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['FND-OLD', 'FND-NEW']);
    expect(within(rows[0]!).getByRole('cell', { name: 'NGN 120,000' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: 'Ada Okafor (ada@example.com)' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: '1st Mar 2026' })).toBeInTheDocument();
    expect(reads[0]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('approves one, says the wallet is credited, and reads the list again', async () => {
    const user = userEvent.setup();
    signInAsStaff('finance');
    let approved = false;
    handle('get', '/api/v1/staff/transfers', () => Response.json(list(approved ? [] : [transfer('FND-ONE', 50_000, '2026-03-01T09:00:00Z')])));
    const approvals = handle('post', '/api/v1/staff/transfers/FND-ONE/approve', () => {
      approved = true;
      return Response.json({ outcome: 'approved', funding: { reference: 'FND-ONE', amount: 50_000, status: 'approved' } });
    });
    renderTransfers();
    await user.click(await screen.findByRole('button', { name: 'Approve FND-ONE' }));
    expect(await screen.findByText('FND-ONE approved: the wallet is credited.')).toBeInTheDocument();
    expect(await screen.findByText('No transfer is waiting for a decision.')).toBeInTheDocument();
    expect(approvals).toHaveLength(1);
  });

  it('above the four-eyes amount: says the first approval waits, and offers a second member Confirm', async () => {
    const user = userEvent.setup();
    signInAsStaff('finance', 'second@reseller.example');
    handle('get', '/api/v1/staff/transfers', list([transfer('FND-BIG', 750_000, '2026-03-01T09:00:00Z', { by: 'first@reseller.example', at: '2026-03-02T09:00:00Z' })]));
    handle('post', '/api/v1/staff/transfers/FND-BIG/approve', { outcome: 'approved', funding: { reference: 'FND-BIG', amount: 750_000, status: 'approved' } });
    renderTransfers();
    expect(await screen.findByText('Approved by first@reseller.example; needs a second finance member.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm approval FND-BIG' }));
    expect(await screen.findByText('FND-BIG approved: the wallet is credited.')).toBeInTheDocument();
  });

  it('does not offer the member who approved first a second approval of their own', async () => {
    signInAsStaff('finance', 'first@reseller.example');
    handle('get', '/api/v1/staff/transfers', list([transfer('FND-BIG', 750_000, '2026-03-01T09:00:00Z', { by: 'first@reseller.example', at: '2026-03-02T09:00:00Z' })]));
    renderTransfers();
    expect(await screen.findByText('You approved it; a second finance member must confirm it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Approve|Confirm approval) FND-BIG$/ })).not.toBeInTheDocument();
  });

  it('says when its approval waits for a second member', async () => {
    const user = userEvent.setup();
    signInAsStaff('finance');
    handle('get', '/api/v1/staff/transfers', list([transfer('FND-BIG', 750_000, '2026-03-01T09:00:00Z')]));
    handle('post', '/api/v1/staff/transfers/FND-BIG/approve', { outcome: 'awaiting_confirmation', funding: { reference: 'FND-BIG', amount: 750_000, status: 'need_approval' } });
    renderTransfers();
    await user.click(await screen.findByRole('button', { name: 'Approve FND-BIG' }));
    expect(
      await screen.findByText('FND-BIG approved by you. A second finance member must confirm it before the wallet is credited.'),
    ).toBeInTheDocument();
  });

  it('declines with the reason the customer reads, and refuses an empty reason', async () => {
    const user = userEvent.setup();
    signInAsStaff('finance');
    handle('get', '/api/v1/staff/transfers', list([transfer('FND-ONE', 50_000, '2026-03-01T09:00:00Z')]));
    const declines = handle('post', '/api/v1/staff/transfers/FND-ONE/decline', { outcome: 'declined', funding: { reference: 'FND-ONE', amount: 50_000, status: 'unapproved' } });
    renderTransfers();
    const { form, reason, submit } = await openDecline(user, 'FND-ONE');
    expect(reason).toHaveFocus();
    await submit();
    expect(await within(form).findByText('Give the reason the customer will read.')).toBeInTheDocument();
    expect(declines).toHaveLength(0);
    await user.type(reason, 'No transfer with this reference reached our account.');
    await submit();
    expect(await screen.findByText('FND-ONE declined. The customer is told why.')).toBeInTheDocument();
    expect(declines[0]!.body).toEqual({ reason: 'No transfer with this reference reached our account.' });
  });

  it('shows the server refusal when a decision is not allowed', async () => {
    const user = userEvent.setup();
    signInAsStaff('finance');
    handle('get', '/api/v1/staff/transfers', list([transfer('FND-ONE', 50_000, '2026-03-01T09:00:00Z')]));
    handle('post', '/api/v1/staff/transfers/FND-ONE/approve', { message: 'Funding FND-ONE is already unapproved' }, { status: 409 });
    renderTransfers();
    await user.click(await screen.findByRole('button', { name: 'Approve FND-ONE' }));
    expect(await screen.findByText('Funding FND-ONE is already unapproved')).toBeInTheDocument();
  });

  it('shows support the list without any decision', async () => {
    signInAsStaff('support');
    handle('get', '/api/v1/staff/transfers', list([transfer('FND-ONE', 50_000, '2026-03-01T09:00:00Z')]));
    renderTransfers();
    expect(await screen.findByRole('table', { name: 'Transfers the customer said they made' })).toBeInTheDocument();
    expect(screen.getByText('Your role can see transfers but not decide them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Decline/ })).not.toBeInTheDocument();
  });

  it('sends a member without a session to sign in, and one whose session ended there saying so', async () => {
    renderTransfers();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(staffPaths.signIn));
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({ from: staffPaths.transfers, ended: false });
  });

  it('forgets a session the server says has ended and sends the member to sign in', async () => {
    signInAsStaff('finance');
    handle('get', '/api/v1/staff/transfers', { message: 'Your staff session has ended. Sign in again.' }, { status: 401 });
    renderTransfers();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(staffPaths.signIn));
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({ from: staffPaths.transfers, ended: true });
    expect(window.localStorage.getItem('portal_staff_session')).toBeNull();
  });
});
