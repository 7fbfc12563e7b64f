import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle, HttpResponse } from 'shared-api/testing';
import { renderStaffPage, signInAsStaff, staffPaths } from '../../../test-utils';
import PriceExpose from '../../../exposes/price';

// 19:00 in Lagos on 7th Dec 2026: the first day at least 7 days ahead is the 15th (the 14th starts 5 hours short).
const NOW = Date.parse('2026-12-07T18:00:00Z');
const FROM_15TH = '2026-12-14T23:00:00.000Z';

const priceNow = (scheduled: { plan_price: number; from: string } | null = null) => ({ plan_price: 57_000, scheduled });

describe('plan price', () => {
  beforeEach(() => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows the price now and the change to come', async () => {
    signInAsStaff('admin');
    handle('get', '/api/v1/staff/price', priceNow({ plan_price: 60_000, from: FROM_15TH }));
    renderStaffPage(<PriceExpose />, staffPaths.price);
    expect(await screen.findByText('NGN 57,000')).toBeInTheDocument();
    // A Lagos midnight (23:00 UTC the day before) is the Lagos day, in any browser's time zone.
    expect(screen.getByText('From 15th Dec 2026: NGN 60,000')).toBeInTheDocument();
  });

  it('lets an admin schedule a price from the first day with notice, and says how many customers were told', async () => {
    const user = userEvent.setup();
    signInAsStaff('admin');
    let scheduled: { plan_price: number; from: string } | null = null;
    handle('get', '/api/v1/staff/price', () => HttpResponse.json(priceNow(scheduled)));
    const puts = handle('put', '/api/v1/staff/price', () => {
      scheduled = { plan_price: 60_000, from: FROM_15TH };
      return HttpResponse.json({
        plan_price: 60_000,
        from: FROM_15TH,
        old_price: 57_000,
        told: 12,
        forced: false,
        message: 'New plan price NGN 60,000 from 15th Dec 2026 (was NGN 57,000); 12 customers with a kit told by email, WhatsApp and a notice.',
      });
    });
    renderStaffPage(<PriceExpose />, staffPaths.price);
    expect(await screen.findByText('No change is scheduled.')).toBeInTheDocument();
    const day = screen.getByLabelText('Takes effect from');
    expect(day).toHaveValue('2026-12-15');
    expect(day).toHaveAccessibleDescription("Customers are told today; they need 7 days' notice, so 15th Dec 2026 or later.");

    await user.type(screen.getByRole('textbox', { name: 'New price (NGN)' }), '60,000');
    await user.click(screen.getByRole('button', { name: 'Set the price' }));

    expect(
      await screen.findByText('New plan price NGN 60,000 from 15th Dec 2026 (was NGN 57,000); 12 customers with a kit told by email, WhatsApp and a notice.'),
    ).toHaveAttribute('role', 'status');
    expect(puts.map((put) => put.body)).toEqual([{ plan_price: 60_000, from: '2026-12-15' }]);
    expect(await screen.findByText('From 15th Dec 2026: NGN 60,000')).toBeInTheDocument();
    expect(screen.getByText('NGN 57,000', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New price (NGN)' })).toHaveValue('');
  });

  it('shows a refusal in words and offers the first day the API names', async () => {
    const user = userEvent.setup();
    signInAsStaff('admin');
    handle('get', '/api/v1/staff/price', priceNow());
    const puts = handle(
      'put',
      '/api/v1/staff/price',
      {
        message: 'A price change must be announced at least 7 days ahead: choose 2026-12-16 or later, or force it (customers are then told with less notice).',
        error: 'Price not changed',
        earliest_from: '2026-12-16',
      },
      { status: 422 },
    );
    renderStaffPage(<PriceExpose />, staffPaths.price);
    await screen.findByText('NGN 57,000');
    await user.type(screen.getByRole('textbox', { name: 'New price (NGN)' }), '60000');
    const day = screen.getByLabelText('Takes effect from');
    await user.clear(day);
    await user.type(day, '2026-12-10');
    await user.click(screen.getByRole('button', { name: 'Set the price' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A price change must be announced at least 7 days ahead: choose 2026-12-16 or later, or force it (customers are then told with less notice).',
    );
    expect(puts.map((put) => put.body)).toEqual([{ plan_price: 60_000, from: '2026-12-10' }]);
    expect(day).toHaveValue('2026-12-16');
    expect(day).toHaveAccessibleDescription("Customers are told today; they need 7 days' notice, so 16th Dec 2026 or later.");
    expect(screen.getByRole('textbox', { name: 'New price (NGN)' })).toHaveValue('60000');
  });

  it('asks for the day unless the change is forced, and a forced change without a day is now', async () => {
    const user = userEvent.setup();
    signInAsStaff('admin');
    handle('get', '/api/v1/staff/price', priceNow());
    const puts = handle('put', '/api/v1/staff/price', {
      plan_price: 60_000,
      from: '2026-12-07T18:00:00.000Z',
      old_price: 57_000,
      told: 1,
      forced: true,
      message: 'New plan price NGN 60,000 from now (was NGN 57,000); 1 customer with a kit told by email, WhatsApp and a notice.',
    });
    renderStaffPage(<PriceExpose />, staffPaths.price);
    await screen.findByText('NGN 57,000');
    await user.type(screen.getByRole('textbox', { name: 'New price (NGN)' }), '60000');
    await user.clear(screen.getByLabelText('Takes effect from'));
    await user.click(screen.getByRole('button', { name: 'Set the price' }));
    expect(await screen.findByText('Choose the day the new price takes effect.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    const force = screen.getByRole('checkbox', { name: 'Apply sooner' });
    expect(force).toHaveAccessibleDescription("Customers get less than 7 days' notice of the new price. Leave the day empty to change it now.");
    await user.click(force);
    await user.click(screen.getByRole('button', { name: 'Set the price' }));
    expect(await screen.findByText(/1 customer with a kit told by email, WhatsApp and a notice\.$/)).toHaveAttribute('role', 'status');
    expect(puts.map((put) => put.body)).toEqual([{ plan_price: 60_000, force: true }]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Apply sooner' })).not.toBeChecked());
  });

  it('shows finance the price without a way to change it', async () => {
    signInAsStaff('finance');
    handle('get', '/api/v1/staff/price', priceNow());
    renderStaffPage(<PriceExpose />, staffPaths.price);
    expect(await screen.findByText('NGN 57,000')).toBeInTheDocument();
    expect(screen.getByText('Only an admin can change the price.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New price (NGN)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Apply sooner' })).not.toBeInTheDocument();
  });
});
