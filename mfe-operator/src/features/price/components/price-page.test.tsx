import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle } from 'shared-api/testing';
import { renderStaffPage, signInAsStaff, staffPaths } from '../../../test-utils';
import PriceExpose from '../../../exposes/price';

describe('plan price', () => {
  it('shows the price and lets an admin change it', async () => {
    const user = userEvent.setup();
    signInAsStaff('admin');
    handle('get', '/api/v1/staff/price', { plan_price: 57_000 });
    const puts = handle('put', '/api/v1/staff/price', { plan_price: 60_000 });
    renderStaffPage(<PriceExpose />, staffPaths.price);
    expect(await screen.findByText('NGN 57,000')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New price (NGN)' }), '60,000');
    await user.click(screen.getByRole('button', { name: 'Set the price' }));
    expect(await screen.findByText('The plan price is now NGN 60,000.')).toBeInTheDocument();
    expect(puts[0]!.body).toEqual({ plan_price: 60_000 });
    expect(screen.getByText('NGN 60,000', { selector: 'p' })).toBeInTheDocument();
  });

  it('shows finance the price without a way to change it', async () => {
    signInAsStaff('finance');
    handle('get', '/api/v1/staff/price', { plan_price: 57_000 });
    renderStaffPage(<PriceExpose />, staffPaths.price);
    expect(await screen.findByText('NGN 57,000')).toBeInTheDocument();
    expect(screen.getByText('Only an admin can change the price.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New price (NGN)' })).not.toBeInTheDocument();
  });
});
