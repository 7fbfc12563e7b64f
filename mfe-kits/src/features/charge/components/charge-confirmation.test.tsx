import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteModule, type Kit } from 'shared-api';
import { handle, signInAs } from 'shared-api/testing';
import { formatDate } from 'shared-ui/format';
import { serveQuote } from '../../../testing/charge-quote';
import { FakeFundWalletDialog, renderPage } from '../../../testing/render-page';
import { DashboardPage } from '../../dashboard/components/dashboard-page';
import { HomePage } from '../../home/components/home-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  loadRemoteModule: jest.fn(),
}));
const mockedLoadRemote = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

// Each test renders a whole page and the dialogs' code it loads on first use: more than 5 s on a busy machine.
jest.setTimeout(20_000);

const NOW = new Date('2026-03-10T12:00:00.000Z');

function kit(id: number, status: string, extra: Partial<Kit> = {}): Kit {
  return { id, kit_number: `KIT-${id}`, status, auto_renew: false, address: `${id} Marina Road, Lagos`, company_name: null, ...extra };
}

function serveHome(kits: Kit[], balance = 60000) {
  handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance });
  handle('get', '/api/v1/starlink_kits', { kits, total_pages: 1, total_count: kits.length });
  // No transfer awaiting confirmation.
  handle('get', '/api/v1/starlink_wallet_fundings', []);
  // The spec's server: no money notices (tests of the notices serve some).
  handle('get', '/api/v1/notifications', { message: 'Not Found' }, { status: 404 });
}

const DAY = 24 * 60 * 60 * 1000;
// The card reads today's clock: the period bought ends 30 days from now.
const PAID_UNTIL = new Date(Date.now() + 30 * DAY);

const activateCalls = (id: number, init: { delayMs?: number } = {}) =>
  handle('post', `/api/v1/starlink_activates/${id}/activate_kit`, { message: 'Activation successful', kit: kit(id, 'active', { deadline: PAID_UNTIL.toISOString() }) }, init);

beforeEach(() => {
  signInAs();
  mockedLoadRemote.mockResolvedValue({ FundWalletDialog: FakeFundWalletDialog });
});

describe('price and confirmation before a charge, on /home', () => {
  it('Activate shows the price, the period and the wallet after it, and charges once on Pay however often it is tapped', async () => {
    const user = userEvent.setup();
    serveHome([kit(5, 'accepted', { deadline: null })]);
    const quotes = serveQuote();
    const charges = activateCalls(5, { delayMs: 50 });
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));

    const dialog = await screen.findByRole('dialog', { name: 'Activate KIT-5?' }, { timeout: 5_000 });
    expect(charges).toHaveLength(0);
    expect(quotes).toHaveLength(1);
    const terms = Object.fromEntries(
      within(dialog).getAllByRole('term').map((term, i) => [term.textContent, within(dialog).getAllByRole('definition')[i]!.textContent]),
    );
    expect(terms).toEqual({
      Price: 'NGN 57,000',
      Period: '10th Mar 2026 – 9th Apr 2026',
      'Wallet balance now': 'NGN 60,000',
      'Wallet balance after': 'NGN 3,000',
    });
    const pay = within(dialog).getByRole('button', { name: 'Pay NGN 57,000' });
    await user.tripleClick(pay);
    // The message is raised inside the dialog and handed on to the page as the dialog closes: looked for there.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(await screen.findByText('Activation successful!', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(charges).toHaveLength(1);
    expect(charges[0]!.body).toBeUndefined();
    const card = screen.getByRole('listitem');
    expect(within(card).getByTestId('kit-status')).toHaveTextContent('online');
    expect(within(card).getByTestId('kit-next-step')).toHaveTextContent(`Paid up. You can renew it from ${formatDate(new Date(PAID_UNTIL.getTime() - 7 * DAY))}.`);
  });

  it('Cancel charges nothing', async () => {
    const user = userEvent.setup();
    serveHome([kit(5, 'pending', { deadline: null })]);
    serveQuote();
    const charges = activateCalls(5);
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate KIT-5?' }, { timeout: 5_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(charges).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Activate KIT-5' })).toBeEnabled();
  });

  it('a wallet the quote says is short goes straight to Insufficient Funds, with nothing charged', async () => {
    const user = userEvent.setup();
    serveHome([kit(5, 'accepted', { deadline: null })], 20000);
    serveQuote({ balance: 20000 });
    const charges = activateCalls(5);
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Funds' });
    expect(within(dialog).getByText('Insufficient wallet balance. Fund your wallet with at least NGN 37,000 to continue.')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount due: NGN 37,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fund Account' }));
    expect(await screen.findByText('Prefilled amount: 37000')).toBeInTheDocument();
    expect(charges).toHaveLength(0);
  });

  it('a price that cannot be read charges nothing and says so', async () => {
    const user = userEvent.setup();
    serveHome([kit(5, 'pending', { deadline: null })]);
    handle('get', '/api/v1/starlink_kits/:id/charge_quote', { message: 'boom' }, { status: 500 });
    const charges = activateCalls(5);
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    expect(await screen.findByText("We couldn't get the price of this kit. Nothing was charged. Please try again.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(charges).toHaveLength(0);
  });

  it('against a server without the quote (404), Activate charges on the tap as the spec says', async () => {
    const user = userEvent.setup();
    serveHome([kit(5, 'pending')]);
    handle('get', '/api/v1/starlink_kits/:id/charge_quote', { message: 'Not Found' }, { status: 404 });
    const charges = activateCalls(5);
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    expect(await screen.findByText('Activation successful!', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(charges).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('price and confirmation before a charge, on the dashboard', () => {
  function serveDashboard(k: Kit) {
    handle('get', `/api/v1/starlink_kits/${k.id}`, { kit: k });
    return handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', []);
  }
  const renderDashboard = () => renderPage(<DashboardPage now={NOW} />, { route: '/dashboard/42', path: '/dashboard/:kitId' });

  it('an approved kit never paid for offers Activate, priced and confirmed', async () => {
    const user = userEvent.setup();
    serveDashboard(kit(42, 'accepted', { deadline: null }));
    handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance: 60000 });
    serveQuote({ kit_id: 42 });
    const charges = activateCalls(42);
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate KIT-42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay NGN 57,000' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(await screen.findByText('Activation successful!', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(charges).toHaveLength(1);
  });

  it('Renew with a wallet the quote says is short opens the fund dialog with the amount due', async () => {
    const user = userEvent.setup();
    serveDashboard(kit(42, 'expired', { deadline: null }));
    handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance: 7000 });
    serveQuote({ kit_id: 42, action: 'renew', balance: 7000 });
    const charges = activateCalls(42);
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Prefilled amount: 50000')).toBeInTheDocument();
    expect(charges).toHaveLength(0);
  });
});
