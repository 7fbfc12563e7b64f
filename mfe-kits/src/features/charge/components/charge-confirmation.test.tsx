import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteModule, type Kit } from 'shared-api';
import { handle, HttpResponse, signInAs } from 'shared-api/testing';
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
      // The server of this test has no price schedule (plan_price 404): the next period at today's price.
      'Next renewal': '9th Apr 2026: NGN 57,000',
    });
    const pay = within(dialog).getByRole('button', { name: 'Pay NGN 57,000' });
    await user.tripleClick(pay);
    // The message is raised inside the dialog and handed on to the page as the dialog closes: looked for there.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(await screen.findByText('Activation successful!', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(charges).toHaveLength(1);
    // The price confirmed goes with the charge, so the server takes that price or none (issue 47).
    expect(charges[0]!.body).toEqual({ expected_amount: 57000 });
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
    expect(await screen.findByText('Amount asked: 37000')).toBeInTheDocument();
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
  function serveDashboard(k: Kit, fundings: unknown[] = []) {
    handle('get', `/api/v1/starlink_kits/${k.id}`, { kit: k });
    handle('get', '/api/v1/starlink_wallet_fundings', fundings);
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

  it('Renew with a wallet the quote says is short explains itself like Activate (price, period, wallet, amount due) before Fund Account', async () => {
    const user = userEvent.setup();
    serveDashboard(kit(42, 'expired', { deadline: null }));
    handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance: 7000 });
    serveQuote({ kit_id: 42, action: 'renew', balance: 7000 });
    const charges = activateCalls(42);
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Funds' }, { timeout: 5_000 });
    const terms = Object.fromEntries(
      within(dialog).getAllByRole('term').map((term, i) => [term.textContent, within(dialog).getAllByRole('definition')[i]!.textContent]),
    );
    expect(terms).toEqual({ Price: 'NGN 57,000', Period: '10th Mar 2026 – 9th Apr 2026', 'Wallet balance': 'NGN 7,000' });
    expect(within(dialog).getByText('Amount due: NGN 50,000')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fund Account' })).toHaveFocus();
    expect(screen.queryByText(/Amount asked/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fund Account' }));
    expect(await screen.findByText('Amount asked: 50000')).toBeInTheDocument();
    expect(charges).toHaveLength(0);
  });

  it('shows the next renewal price and the price change to come, in the confirmation and on the subscription card', async () => {
    const user = userEvent.setup();
    serveDashboard(kit(42, 'active', { deadline: '2026-03-14T12:00:00.000Z', plan_price: 57000, renewal_price: 57000 }));
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', [
      { id: 1, amount: 57000, status: 'receipt', deadline: '2026-03-14T12:00:00.000Z', created_at: '2026-02-12T12:00:00.000Z', start_date: '2026-02-12T12:00:00.000Z', end_date: '2026-03-14T12:00:00.000Z' },
    ]);
    handle('get', '/api/v1/plan_price', { amount: 57000, scheduled: { amount: 65000, from: '2026-04-01T00:00:00.000Z' } });
    handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance: 60000 });
    serveQuote({ kit_id: 42, action: 'renew', period_start: '2026-03-14T12:00:00.000Z', period_end: '2026-04-13T12:00:00.000Z' });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Subscription details' });
    expect(await within(card).findByTestId('next-renewal')).toHaveTextContent('NGN 57,000 on 14th Mar 2026');
    expect(await within(card).findByTestId('price-change')).toHaveTextContent('NGN 65,000 from 1st Apr 2026');
    await user.click(within(card).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew KIT-42?' }, { timeout: 5_000 });
    // The period bought ends after the change: the renewal after it is charged the new price.
    expect(within(dialog).getByText('13th Apr 2026: NGN 65,000')).toBeInTheDocument();
    expect(within(dialog).getByText('The price changes to NGN 65,000 from 1st Apr 2026.')).toBeInTheDocument();
  });

  it('a price changed between the quote and Pay (409) charges nothing, shows the new price and asks again', async () => {
    const user = userEvent.setup();
    serveDashboard(kit(42, 'accepted', { deadline: null }));
    handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance: 100000 });
    let price = 57000;
    const quotes = handle('get', '/api/v1/starlink_kits/:id/charge_quote', () =>
      HttpResponse.json({ kit_id: 42, action: 'activate', amount: price, balance: 100000, balance_after: 100000 - price, amount_due: 0, period_start: '2026-03-10T12:00:00.000Z', period_end: '2026-04-09T12:00:00.000Z' }),
    );
    const charges = handle('post', '/api/v1/starlink_activates/42/activate_kit', (request) => {
      const expected = (request.body as { expected_amount?: number } | undefined)?.expected_amount;
      if (expected !== price) return HttpResponse.json({ message: 'The price has changed.', error: 'Price changed' }, { status: 409 });
      return HttpResponse.json({ message: 'Activation successful', kit: kit(42, 'active', { deadline: PAID_UNTIL.toISOString() }) });
    });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate KIT-42?' }, { timeout: 5_000 });
    price = 70000;
    await user.click(within(dialog).getByRole('button', { name: 'Pay NGN 57,000' }));
    const again = await screen.findByRole('dialog', { name: 'Activate KIT-42?' });
    expect(await within(again).findByRole('alert')).toHaveTextContent('The price has changed to NGN 70,000. Nothing was charged. Check it and pay again.');
    expect(quotes).toHaveLength(2);
    expect(screen.queryByText('Activation successful!')).not.toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Pay NGN 70,000' }));
    expect(await screen.findByText('Activation successful!', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(charges.map((c) => c.body)).toEqual([{ expected_amount: 57000 }, { expected_amount: 70000 }]);
  });
});
