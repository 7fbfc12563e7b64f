import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle, signInAs } from 'shared-api/testing';
import { serveNoQuote } from '../../../testing/charge-quote';
import { renderPage } from '../../../testing/render-page';
import { HomePage } from '../../home/components/home-page';

const NOTICES = {
  notifications: [
    {
      id: 11,
      type: 'renewal_due',
      amount: 50000,
      reference: null,
      kit_number: 'KIT-5',
      date: '2026-03-03T10:00:00.000Z',
      created_at: '2026-02-28T10:00:00.000Z',
    },
    {
      id: 10,
      type: 'funding_approved',
      amount: '120000',
      reference: 'FND-ABC123',
      kit_number: null,
      date: null,
      created_at: '2026-02-20T10:00:00.000Z',
    },
  ],
};

beforeEach(() => {
  signInAs();
  serveNoQuote();
  handle('get', '/api/v1/starlink_wallet_fundings', []);
  handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance: 7000 });
  handle('get', '/api/v1/starlink_kits', { kits: [], total_pages: 1, total_count: 0 });
});

describe('money notices on /home', () => {
  it('shows what the customer was told, newest first, in the words of the message', async () => {
    handle('get', '/api/v1/notifications', NOTICES);
    renderPage(<HomePage />);
    const card = await screen.findByRole('region', { name: 'Updates about your money' });
    const items = within(card).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Renewal due soon');
    expect(items[0]).toHaveTextContent(
      'Kit KIT-5 is due for renewal on 3rd Mar 2026 and your wallet is short. Add NGN 50,000 to your wallet to renew it.',
    );
    expect(items[1]).toHaveTextContent('We received your transfer of NGN 120,000 (FND-ABC123) and added it to your wallet.');
  });

  it('reads them again when the customer comes back to the tab: a transfer credited meanwhile shows without a reload', async () => {
    let told = false;
    handle('get', '/api/v1/notifications', () => Response.json(told ? { notifications: [NOTICES.notifications[1]] } : { notifications: [] }));
    renderPage(<HomePage />);
    await screen.findByText(/You have no kits yet/);
    expect(screen.queryByRole('region', { name: 'Updates about your money' })).not.toBeInTheDocument();
    told = true;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    const card = await screen.findByRole('region', { name: 'Updates about your money' });
    expect(card).toHaveTextContent('We received your transfer of NGN 120,000 (FND-ABC123) and added it to your wallet.');
  });

  it('dismisses a notice at once and tells the server', async () => {
    handle('get', '/api/v1/notifications', NOTICES);
    const dismissed = handle('post', '/api/v1/notifications/10/dismiss', { id: 10, dismissed: true });
    renderPage(<HomePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss: Wallet funded' }));
    await waitFor(() => expect(screen.queryByText(/We received your transfer/)).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Updates about your money' })).getByText(/Kit KIT-5 is due for renewal/)).toBeInTheDocument();
    await waitFor(() => expect(dismissed).toHaveLength(1));
  });

  it('shows nothing, and no error, against a server without notices', async () => {
    const calls = handle('get', '/api/v1/notifications', { message: 'Not Found' }, { status: 404 });
    renderPage(<HomePage />);
    await screen.findByText(/You have no kits yet/);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Updates about your money' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your money now' })).getByText('No new updates about your money.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /error/i })).not.toBeInTheDocument();
  });

  it('shows the latest notice in the first screen, in the server’s words with its next step, and all of them below the kits', async () => {
    handle('get', '/api/v1/notifications', {
      notifications: [
        {
          ...NOTICES.notifications[0],
          id: 12,
          type: 'price_change',
          amount: 65000,
          old_amount: 57000,
          title: 'Plan price changing',
          text: 'From 1st Apr 2026, one 30-day period costs NGN 65,000 instead of NGN 57,000.',
          next_step: { text: 'See when each kit renews, and at what price, on Home.', route: '/home' },
        },
        NOTICES.notifications[1],
      ],
    });
    renderPage(<HomePage />);
    const money = screen.getByRole('region', { name: 'Your money now' });
    expect(await within(money).findByText('Plan price changing')).toBeInTheDocument();
    expect(within(money).getByText('From 1st Apr 2026, one 30-day period costs NGN 65,000 instead of NGN 57,000.')).toBeInTheDocument();
    expect(within(money).getByRole('link', { name: 'See when each kit renews, and at what price, on Home.' })).toHaveAttribute('href', '/home');
    expect(within(money).getByRole('link', { name: 'All updates (2)' })).toHaveAttribute('href', '#money-notices-title');
    const all = await screen.findByRole('region', { name: 'Updates about your money' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(2);
  });

  it('reads the notices again after a renewal, so one that is no longer true disappears', async () => {
    const user = userEvent.setup();
    let renewed = false;
    const reads = handle('get', '/api/v1/notifications', () => Response.json(renewed ? { notifications: [] } : NOTICES));
    handle('get', '/api/v1/starlink_kits', { kits: [{ id: 5, kit_number: 'KIT-5', status: 'pending', auto_renew: false, address: 'Lagos', company_name: null }], total_pages: 1, total_count: 1 });
    handle('post', '/api/v1/starlink_activates/5/activate_kit', () => {
      renewed = true;
      return Response.json({ message: 'Activation successful', kit: { id: 5, kit_number: 'KIT-5', status: 'active', auto_renew: false } });
    });
    handle('get', '/api/v1/starlink_user_wallet', () => Response.json({ id: 7, wallet_id: 'W-7', balance: renewed ? 0 : 57000 }));
    renderPage(<HomePage />);
    const money = screen.getByRole('region', { name: 'Your money now' });
    expect(await within(money).findByText('Renewal due soon')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    expect(await within(money).findByText('No new updates about your money.')).toBeInTheDocument();
    expect(screen.queryByText(/Kit KIT-5 is due for renewal/)).not.toBeInTheDocument();
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads[0]!.url.searchParams.get('kinds')).toBe('all');
  });

  it('reads the notices again when the balance changes (a transfer approved), so a stale one goes', async () => {
    let funded = false;
    handle('get', '/api/v1/notifications', () => Response.json(funded ? { notifications: [] } : NOTICES));
    handle('get', '/api/v1/starlink_user_wallet', () => Response.json({ id: 7, wallet_id: 'W-7', balance: funded ? 120000 : 7000 }));
    renderPage(<HomePage />);
    const money = screen.getByRole('region', { name: 'Your money now' });
    expect(await within(money).findByText('Renewal due soon')).toBeInTheDocument();
    funded = true;
    // The tab comes back into view: the data layer reads the wallet again, and its new balance the notices.
    window.dispatchEvent(new Event('focus'));
    expect(await within(money).findByText('No new updates about your money.')).toBeInTheDocument();
  });
});
