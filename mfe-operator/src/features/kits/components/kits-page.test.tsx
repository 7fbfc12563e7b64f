import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle } from 'shared-api/testing';
import { openDecline, renderStaffPage, signInAsStaff, staffPaths, type StaffRole } from '../../../test-utils';
import KitsExpose from '../../../exposes/kits';

const kit = { kit_number: 'KIT-0001', address: '12 Marina Road, Lagos', company_name: null, created_at: '2026-03-01T09:00:00Z', customer: { id: 3, name: 'Ada Okafor', email: 'ada@example.com' } };

/** The kits page for a member with `role`, with KIT-0001 under review; `status` is what a review of it answers. */
function renderKits(role: StaffRole, status = 'accepted') {
  const user = userEvent.setup();
  signInAsStaff(role);
  handle('get', '/api/v1/staff/kits', { kits: [kit] });
  const reviews = handle('post', '/api/v1/staff/kits/KIT-0001/review', { kit_number: 'KIT-0001', status });
  renderStaffPage(<KitsExpose />, staffPaths.kits);
  return { user, reviews };
}

describe('kits under review', () => {
  it('accepts a kit', async () => {
    const { user, reviews } = renderKits('finance');
    const table = await screen.findByRole('table', { name: 'Kits held for review' });
    expect(within(table).getByRole('cell', { name: '12 Marina Road, Lagos' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Accept KIT-0001' }));
    expect(await screen.findByText('Kit KIT-0001 accepted.')).toBeInTheDocument();
    expect(reviews[0]!.body).toEqual({ outcome: 'accepted' });
  });

  it('declines a kit with the reason the customer reads', async () => {
    const { user, reviews } = renderKits('admin', 'unapproved');
    const { reason, submit } = await openDecline(user, 'KIT-0001');
    await user.type(reason, 'The NIN does not match the name.');
    await submit();
    expect(await screen.findByText('Kit KIT-0001 declined.')).toBeInTheDocument();
    expect(reviews[0]!.body).toEqual({ outcome: 'declined', reason: 'The NIN does not match the name.' });
  });

  it('offers support no review', async () => {
    renderKits('support');
    await screen.findByRole('table', { name: 'Kits held for review' });
    expect(screen.queryByRole('button', { name: /Accept|Decline/ })).not.toBeInTheDocument();
  });
});
