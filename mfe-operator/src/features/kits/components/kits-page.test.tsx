import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle } from 'shared-api/testing';
import { renderStaffPage, signInAsStaff, staffPaths } from '../../../test-utils';
import KitsExpose from '../../../exposes/kits';

const kit = { kit_number: 'KIT-0001', address: '12 Marina Road, Lagos', company_name: null, created_at: '2026-03-01T09:00:00Z', customer: { id: 3, name: 'Ada Okafor', email: 'ada@example.com' } };

describe('kits under review', () => {
  it('accepts a kit', async () => {
    const user = userEvent.setup();
    signInAsStaff('finance');
    handle('get', '/api/v1/staff/kits', { kits: [kit] });
    const reviews = handle('post', '/api/v1/staff/kits/KIT-0001/review', { kit_number: 'KIT-0001', status: 'accepted' });
    renderStaffPage(<KitsExpose />, staffPaths.kits);
    const table = await screen.findByRole('table', { name: 'Kits held for review' });
    expect(within(table).getByRole('cell', { name: '12 Marina Road, Lagos' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Accept KIT-0001' }));
    expect(await screen.findByText('Kit KIT-0001 accepted.')).toBeInTheDocument();
    expect(reviews[0]!.body).toEqual({ outcome: 'accepted' });
  });

  it('declines a kit with the reason the customer reads', async () => {
    const user = userEvent.setup();
    signInAsStaff('admin');
    handle('get', '/api/v1/staff/kits', { kits: [kit] });
    const reviews = handle('post', '/api/v1/staff/kits/KIT-0001/review', { kit_number: 'KIT-0001', status: 'unapproved' });
    renderStaffPage(<KitsExpose />, staffPaths.kits);
    await user.click(await screen.findByRole('button', { name: 'Decline KIT-0001' }));
    const form = screen.getByRole('region', { name: 'Decline KIT-0001' });
    await user.type(within(form).getByRole('textbox', { name: 'Reason (the customer reads it)' }), 'The NIN does not match the name.');
    await user.click(within(form).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Kit KIT-0001 declined.')).toBeInTheDocument();
    expect(reviews[0]!.body).toEqual({ outcome: 'declined', reason: 'The NIN does not match the name.' });
  });

  it('offers support no review', async () => {
    signInAsStaff('support');
    handle('get', '/api/v1/staff/kits', { kits: [kit] });
    renderStaffPage(<KitsExpose />, staffPaths.kits);
    await screen.findByRole('table', { name: 'Kits held for review' });
    expect(screen.queryByRole('button', { name: /Accept|Decline/ })).not.toBeInTheDocument();
  });
});
