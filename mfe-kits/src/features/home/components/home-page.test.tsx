import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiUrl, handle, HttpResponse, rest, server, signInAs } from 'shared-api/testing';
import { loadRemoteModule, sessionStore, type Kit } from 'shared-api';
import { offlineCheckConnection, serviceFailed, serviceUnreachable } from 'shared-api/texts';
import { serveNoQuote } from '../../../testing/charge-quote';
import { FakeFundWalletDialog, renderPage } from '../../../testing/render-page';
import { HomePage } from './home-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  loadRemoteModule: jest.fn(),
}));
const mockedLoadRemote = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

function kit(id: number, status: string, extra: Partial<Kit> = {}): Kit {
  return {
    id,
    kit_number: `KIT-${id}`,
    status,
    auto_renew: false,
    address: `${id} Marina Road, Lagos`,
    company_name: null,
    ...extra,
  };
}

const ALL_STATUSES = ['pending', 'active', 'accepted', 'inactive', 'deactivated', 'expiring', 'need_approval'];

function serveWallet(balance: number | string = 1234567) {
  return handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance });
}

/** A service that is down answers no call at all while `down()`: the portal judges it by any call, not one read. */
function serviceDownWhile(down: () => boolean) {
  server.use(rest.all(apiUrl('/api/*'), () => (down() ? HttpResponse.error() : undefined)));
}

function serveKits(kits: Kit[], totalPages = 1) {
  return handle('get', '/api/v1/starlink_kits', { kits, total_pages: totalPages, total_count: kits.length });
}

/**
 * An empty wallet, one pending kit (5), and the server refusing its activation for want of `amountDue` (with the
 * `message` a server may add); `awaiting`, a transfer of that amount sent on that day and awaiting confirmation.
 */
function refuseActivationOfKit5(
  amountDue: number | string,
  { message, awaiting }: { message?: string; awaiting?: { amount: number; createdAt: string } } = {},
) {
  serveWallet(0);
  serveKits([kit(5, 'pending')]);
  if (awaiting) {
    handle('get', '/api/v1/starlink_wallet_fundings', [
      { id: 4, reference: 'FND-4', payment_method: 'offline', amount: awaiting.amount, status: 'need_approval', created_at: awaiting.createdAt },
    ]);
  }
  return handle(
    'post',
    '/api/v1/starlink_activates/5/activate_kit',
    { ...(message !== undefined && { message }), error: 'Insufficient wallet balance', amount_due: amountDue },
    { status: 422 },
  );
}

/** The numbered page buttons of the kit pages' navigation, in order (an ellipsis is not a button). */
function pageNumbers(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('button', { name: /^Page/ })
    .map((button) => button.textContent);
}

function cards() {
  return within(screen.getByRole('list', { name: 'Your kits' })).getAllByRole('listitem');
}

beforeEach(() => {
  signInAs();
  mockedLoadRemote.mockResolvedValue({ FundWalletDialog: FakeFundWalletDialog });
  // The spec's server: no price quote, so Activate charges on the tap (tests of the quote serve one).
  serveNoQuote();
  // No transfer awaiting confirmation unless a case says so.
  handle('get', '/api/v1/starlink_wallet_fundings', []);
  // The spec's server: no money notices (tests of the notices serve some).
  handle('get', '/api/v1/notifications', { message: 'Not Found' }, { status: 404 });
});

describe('HomePage', () => {
  it('shows its frame before any answer: the headings, the filters and placeholder kits, then the data', async () => {
    serveWallet('1234567');
    serveKits([kit(1, 'active')]);
    renderPage(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wallet balance' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading balance' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My kits' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your kits' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search kits' })).toBeInTheDocument();
    // The placeholder cards are for the eye only.
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'KIT-1' })).toBeInTheDocument();
    expect(await screen.findByText('NGN 1,234,567')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your kits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading balance' })).not.toBeInTheDocument();
  });

  it('shows the balance in naira and asks for page 1 with 10 per page', async () => {
    serveWallet('1234567');
    const calls = serveKits([kit(1, 'active')]);
    renderPage(<HomePage />);
    expect(await screen.findByText('NGN 1,234,567')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'KIT-1' })).toBeInTheDocument();
    expect(calls[0]!.url.searchParams.get('page')).toBe('1');
    expect(calls[0]!.url.searchParams.get('per_page')).toBe('10');
  });

  it('shows the home label of every status, Activate for kits never paid for and the next step of each', async () => {
    serveWallet();
    serveKits(ALL_STATUSES.map((status, i) => kit(i + 1, status)));
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-1' });
    const labels = cards().map((card) => within(card).getByTestId('kit-status').textContent?.replace('Status: ', ''));
    expect(labels).toEqual([
      'approved',
      'online',
      'approved',
      'expired',
      'disconnected',
      'expiring soon',
      // The kit page's word for it, never the raw code (issue 47).
      'processing',
    ]);
    // Pending and accepted kits are both approved and not paid for (portal-rules): Activate.
    expect(screen.getAllByRole('button', { name: /^Activate/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Activate KIT-1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate KIT-3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage KIT-2' })).toHaveAttribute('href', '/dashboard/2');
    const steps = cards().map((card) => within(card).getByTestId('kit-next-step').textContent);
    expect(steps).toEqual([
      'Ready to activate: pay for its first 30 days from your wallet.',
      // These kits carry no deadline (spec section 3 names none): when to renew is on the kit's page.
      'Open Manage to see when it can be renewed.',
      'Ready to activate: pay for its first 30 days from your wallet.',
      'Open Manage to see when it can be renewed.',
      'Open Manage to see when it can be renewed.',
      'Open Manage to see when it can be renewed.',
      'We are reviewing this kit. You can activate it once it is approved; no action is needed from you.',
    ]);
  });

  it('accepts a bare array as the list', async () => {
    serveWallet();
    handle('get', '/api/v1/starlink_kits', [kit(3, 'active'), kit(4, 'pending')]);
    renderPage(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'KIT-3' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'KIT-4' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Kit pages' })).not.toBeInTheDocument();
  });

  it('filters on the style class with exactly the spec options', async () => {
    const user = userEvent.setup();
    serveWallet();
    serveKits(ALL_STATUSES.map((status, i) => kit(i + 1, status)));
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-1' });
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Online', 'Offline', 'Awaiting Approval', 'Disconnected', 'Expiring Soon']);
    await user.selectOptions(select, 'Online');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['KIT-1', 'KIT-2', 'KIT-3']);
    await user.selectOptions(select, 'Offline');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['KIT-4']);
    await user.selectOptions(select, 'Awaiting Approval');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['KIT-7']);
    await user.selectOptions(select, 'Disconnected');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['KIT-5']);
    await user.selectOptions(select, 'Expiring Soon');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['KIT-6']);
    await user.selectOptions(select, 'All');
    expect(cards()).toHaveLength(7);
  });

  it('searches the list by kit number, address and company', async () => {
    const user = userEvent.setup();
    serveWallet();
    serveKits([
      kit(1, 'active', { kit_number: 'ABC-100' }),
      kit(2, 'active', { kit_number: 'XYZ-200', address: '4 Allen Avenue, Ikeja' }),
      kit(3, 'active', { kit_number: 'QRS-300', company_name: 'Lagos Farms' }),
    ]);
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'ABC-100' });
    const search = screen.getByRole('searchbox', { name: 'Search kits' });
    await user.type(search, 'abc');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['ABC-100']);
    await user.clear(search);
    await user.type(search, 'ikeja');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['XYZ-200']);
    await user.clear(search);
    await user.type(search, 'farms');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['QRS-300']);
    await user.type(search, ' nothing');
    expect(screen.getByText('No kits match your search or filter.')).toBeInTheDocument();
  });

  it('shows every page up to 5 and ellipses beyond, and fetches the page chosen', async () => {
    const user = userEvent.setup();
    serveWallet();
    const calls = handle('get', '/api/v1/starlink_kits', ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return Response.json({ kits: [kit(page * 100, 'active')], total_pages: 8, total_count: 75 });
    });
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-100' });
    const nav = screen.getByRole('navigation', { name: 'Kit pages' });
    expect(pageNumbers(nav)).toEqual(['1', '2', '3', '4', '8']);
    expect(within(nav).getAllByText('…')).toHaveLength(1);
    await user.click(within(nav).getByRole('button', { name: 'Page 4' }));
    expect(await screen.findByRole('heading', { name: 'KIT-400' })).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('4');
    expect(pageNumbers(nav)).toEqual(['1', '3', '4', '5', '8']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
  });

  it('shows all pages when there are 5', async () => {
    serveWallet();
    serveKits([kit(1, 'active')], 5);
    renderPage(<HomePage />);
    const nav = await screen.findByRole('navigation', { name: 'Kit pages' });
    expect(pageNumbers(nav)).toEqual(['1', '2', '3', '4', '5']);
    expect(within(nav).queryByText('…')).not.toBeInTheDocument();
  });

  it('says the list could not be loaded, without a toast or "no kits yet", and Retry reads it again', async () => {
    const user = userEvent.setup();
    serveWallet();
    let fail = true;
    handle('get', '/api/v1/starlink_kits', () =>
      fail ? Response.json({ message: 'boom' }, { status: 500 }) : Response.json({ kits: [kit(1, 'active')], total_pages: 1, total_count: 1 }),
    );
    renderPage(<HomePage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Your kits could not be loaded. ${serviceFailed}`);
    expect(screen.queryByText(/You have no kits yet/)).not.toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'KIT-1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks the customer to check the connection only while the browser is offline', async () => {
    serveWallet();
    handle('get', '/api/v1/starlink_kits', () => HttpResponse.error());
    const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderPage(<HomePage />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(`Your kits could not be loaded. ${offlineCheckConnection}`);
      offline.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      expect(alert).toHaveTextContent(`Your kits could not be loaded. ${serviceUnreachable}`);
    } finally {
      offline.mockRestore();
    }
  });

  it('shows the kits by itself once the API answers again, keeping the message until then', async () => {
    serveWallet();
    let down = true;
    const reads = handle('get', '/api/v1/starlink_kits', () =>
      down ? HttpResponse.error() : Response.json({ kits: [kit(1, 'active')], total_pages: 1, total_count: 1 }),
    );
    renderPage(<HomePage />, { retryAfterMs: 40 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Your kits could not be loaded. ${serviceUnreachable}`);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    // Retries that fail again keep the message, never the placeholder cards.
    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(3), { timeout: 3_000 });
    expect(screen.getByRole('alert')).toHaveTextContent('Your kits could not be loaded.');
    expect(screen.queryByRole('status', { name: 'Loading your kits' })).not.toBeInTheDocument();

    down = false;
    expect(await screen.findByRole('heading', { name: 'KIT-1' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 15_000);

  it('says so when the customer really has no kits', async () => {
    serveWallet();
    serveKits([]);
    renderPage(<HomePage />);
    expect(await screen.findByText(/You have no kits yet/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('searches and filters every page, asking for each other page once, and pages the matches here', async () => {
    const user = userEvent.setup();
    serveWallet();
    const pages: Record<number, Kit[]> = {
      1: Array.from({ length: 10 }, (_, i) => kit(i + 1, 'active')),
      2: [kit(11, 'deactivated', { kit_number: 'FAR-11' }), ...Array.from({ length: 9 }, (_, i) => kit(i + 12, 'active'))],
      3: [kit(21, 'active', { company_name: 'Far Farms' })],
    };
    const calls = handle('get', '/api/v1/starlink_kits', ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return Response.json({ kits: pages[page] ?? [], total_pages: 3, total_count: 21 });
    });
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-1' });
    expect(calls.map((c) => c.url.search)).toEqual(['?page=1&per_page=10']);

    await user.type(screen.getByRole('searchbox', { name: 'Search kits' }), 'far');
    expect(await screen.findByRole('heading', { name: 'FAR-11' })).toBeInTheDocument();
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['FAR-11', 'KIT-21']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search kits' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Online');
    // 20 online kits over three server pages: 10 here, 10 on the second page of matches.
    expect(cards()).toHaveLength(10);
    const matches = screen.getByRole('navigation', { name: 'Matching kit pages' });
    await user.click(within(matches).getByRole('button', { name: 'Page 2' }));
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toContain('KIT-21');
    expect(calls.map((c) => Number(c.url.searchParams.get('page'))).sort()).toEqual([1, 2, 3]);
  });

  it('says when some pages could not be searched, with Retry', async () => {
    const user = userEvent.setup();
    serveWallet();
    handle('get', '/api/v1/starlink_kits', ({ url }) =>
      url.searchParams.get('page') === '2'
        ? Response.json({ message: 'boom' }, { status: 500 })
        : Response.json({ kits: [kit(1, 'active')], total_pages: 2, total_count: 11 }),
    );
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-1' });
    await user.type(screen.getByRole('searchbox', { name: 'Search kits' }), 'kit');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some of your kits could not be loaded, so this list may be incomplete.',
    );
    expect(screen.getByRole('heading', { name: 'KIT-1' })).toBeInTheDocument();
  });

  it('shows a payment in progress with its amount, reference and the way back to its details', async () => {
    serveWallet();
    serveKits([kit(1, 'active')]);
    sessionStore.getState().setPayment({ amount: '150000', fundingId: '9', reference: 'FND-ABC123', method: 'offline' });
    renderPage(<HomePage />);
    const card = await screen.findByRole('region', { name: 'Payment in progress' });
    expect(within(card).getByText('NGN 150,000')).toBeInTheDocument();
    expect(within(card).getByText('FND-ABC123')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy reference' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open payment details' })).toHaveAttribute('href', '/billing');
  });

  it('shows no payment card when no payment is in progress', async () => {
    serveWallet();
    serveKits([kit(1, 'active')]);
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-1' });
    expect(screen.queryByRole('region', { name: 'Payment in progress' })).not.toBeInTheDocument();
  });

  it('shows the transfers confirmed as paid and not yet approved in the first screen, beside the balance and above the kits', async () => {
    serveWallet(0);
    serveKits([kit(1, 'active')]);
    const fundings = handle('get', '/api/v1/starlink_wallet_fundings', [
      { id: 1, reference: 'FND-1', payment_method: 'offline', amount: 57000, status: 'need_approval', created_at: '2026-03-03T10:00:00Z' },
      { id: 2, reference: 'FND-2', payment_method: 'offline', amount: 20000, status: 'pending', created_at: '2026-03-04T10:00:00Z' },
      { id: 3, reference: 'FND-3', payment_method: 'offline', amount: 9000, status: 'approved', created_at: '2026-03-01T10:00:00Z' },
    ]);
    renderPage(<HomePage />);
    const money = screen.getByRole('region', { name: 'Your money now' });
    expect(await within(money).findByText('NGN 57,000 sent on 3rd Mar 2026, awaiting confirmation')).toBeInTheDocument();
    // In the document's order: the balance, then this, then the kits.
    const balance = screen.getByRole('region', { name: 'Wallet balance' });
    const kits = screen.getByRole('region', { name: /My kits/ });
    expect(balance.compareDocumentPosition(money) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(money.compareDocumentPosition(kits) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fundings).toHaveLength(1);
  });

  it('adds up several transfers awaiting confirmation in one line', async () => {
    serveWallet(0);
    serveKits([kit(1, 'active')]);
    handle('get', '/api/v1/starlink_wallet_fundings', [
      { id: 1, reference: 'FND-1', payment_method: 'offline', amount: 57000, status: 'need_approval', created_at: '2026-03-03T10:00:00Z' },
      { id: 2, reference: 'FND-2', payment_method: 'offline', amount: 20000, status: 'need_approval', created_at: '2026-03-04T10:00:00Z' },
    ]);
    renderPage(<HomePage />);
    const money = screen.getByRole('region', { name: 'Your money now' });
    expect(
      await within(money).findByText('NGN 77,000 sent in 2 transfers (the latest on 4th Mar 2026), awaiting confirmation'),
    ).toBeInTheDocument();
  });

  it('says nothing awaits confirmation, in the same place, when nothing does', async () => {
    serveWallet();
    serveKits([kit(1, 'active')]);
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-1' });
    const money = screen.getByRole('region', { name: 'Your money now' });
    expect(await within(money).findByText('No transfer awaiting confirmation.')).toBeInTheDocument();
    expect(within(money).getByText('No new updates about your money.')).toBeInTheDocument();
  });

  it('keeps the page control when a later page fails, so the customer can go back', async () => {
    const user = userEvent.setup();
    serveWallet();
    handle('get', '/api/v1/starlink_kits', ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      if (page === 3) return Response.json({ message: 'boom' }, { status: 500 });
      return Response.json({ kits: [kit(page * 100, 'active')], total_pages: 4, total_count: 31 });
    });
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-100' });
    const nav = screen.getByRole('navigation', { name: 'Kit pages' });

    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText(`Your kits could not be loaded. ${serviceFailed}`)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'KIT-100' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Kit pages' })).getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByRole('heading', { name: 'KIT-100' })).toBeInTheDocument();
  });

  it('activates a pending kit once, however many clicks, and shows it online', async () => {
    const user = userEvent.setup();
    const wallet = serveWallet();
    serveKits([kit(5, 'pending')]);
    const calls = handle(
      'post',
      '/api/v1/starlink_activates/5/activate_kit',
      { message: 'Activation successful' },
      { delayMs: 50 },
    );
    renderPage(<HomePage />);
    const button = await screen.findByRole('button', { name: 'Activate KIT-5' });
    await user.dblClick(button);
    expect(await screen.findByText('Activation successful!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toBeUndefined();
    const card = cards()[0]!;
    expect(within(card).getByTestId('kit-status')).toHaveTextContent('online');
    expect(within(card).getByRole('link', { name: 'Manage KIT-5' })).toBeInTheDocument();
    await waitFor(() => expect(wallet).toHaveLength(2));
  });

  it('hands keyboard focus from Activate to the Manage link that takes its place', async () => {
    const user = userEvent.setup();
    serveWallet();
    serveKits([kit(5, 'pending'), kit(6, 'active')]);
    handle('post', '/api/v1/starlink_activates/5/activate_kit', { message: 'Activation successful' });
    renderPage(<HomePage />);
    const activate = await screen.findByRole('button', { name: 'Activate KIT-5' });
    act(() => activate.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Activation successful!')).toBeInTheDocument();
    const manage = within(cards()[0]!).getByRole('link', { name: 'Manage KIT-5' });
    await waitFor(() => expect(manage).toHaveFocus());
    // The next Tab goes on to the next kit, not back to the top of the page.
    await user.tab();
    expect(within(cards()[1]!).getByRole('switch', { name: 'Auto-renew for KIT-6' })).toHaveFocus();
  });

  it('shows Insufficient Funds with the amount due and the transfer awaiting confirmation, and Fund Account opens the billing dialog for the amount due', async () => {
    const user = userEvent.setup();
    refuseActivationOfKit5('57000', {
      message: 'Insufficient wallet balance. Fund your wallet.',
      awaiting: { amount: 30000, createdAt: '2026-03-09T10:00:00Z' },
    });
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Funds' });
    expect(within(dialog).getByText('Insufficient wallet balance')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount due: NGN 57,000')).toBeInTheDocument();
    expect(within(dialog).getByText('NGN 30,000 sent on 9th Mar 2026, awaiting confirmation')).toBeInTheDocument();
    // Focus starts on what the customer came to do, not on Close.
    expect(within(dialog).getByRole('button', { name: 'Fund Account' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Fund Account' }));
    const fund = await screen.findByRole('dialog', { name: 'Fund Account' });
    // The amount due goes to billing, which offers it less the 30,000 already sent (its own tests).
    expect(within(fund).getByText('Amount asked: 57000')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('billing', './fund-wallet');
    expect(screen.queryByRole('dialog', { name: 'Insufficient Funds' })).not.toBeInTheDocument();
  });

  it('says first that a transfer awaiting confirmation covers the amount due: waiting is the focused action, Fund Account is secondary', async () => {
    const user = userEvent.setup();
    const charges = refuseActivationOfKit5(57000, {
      message: 'Insufficient wallet balance. Fund your wallet.',
      awaiting: { amount: 57000, createdAt: '2026-11-28T10:00:00Z' },
    });
    renderPage(<HomePage />);
    // The transfer is read (first screen) before Activate is pressed.
    await screen.findByText('NGN 57,000 sent on 28th Nov 2026, awaiting confirmation');
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Funds' });
    // Said first, then the spec's text and amount due as they were.
    expect(dialog).toHaveTextContent(
      /^Insufficient Funds×?\s*NGN 57,000 sent on 28th Nov 2026, awaiting confirmation: no need to pay again\s*Insufficient wallet balance\s*Amount due: NGN 57,000/,
    );
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    expect(cancel).toHaveAccessibleDescription('NGN 57,000 sent on 28th Nov 2026, awaiting confirmation: no need to pay again');
    await user.click(within(dialog).getByRole('button', { name: 'Fund Account' }));
    const fund = await screen.findByRole('dialog', { name: 'Fund Account' });
    expect(within(fund).getByText('Amount asked: 57000')).toBeInTheDocument();
    expect(charges).toHaveLength(1);
  });

  it('closes Insufficient Funds with its primary action when the transfer covers it', async () => {
    const user = userEvent.setup();
    refuseActivationOfKit5(57000, { message: 'x', awaiting: { amount: 60000, createdAt: '2026-11-28T10:00:00Z' } });
    renderPage(<HomePage />);
    await screen.findByText('NGN 60,000 sent on 28th Nov 2026, awaiting confirmation');
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Funds' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('keeps Insufficient Funds and its amount due when billing cannot be loaded', async () => {
    const user = userEvent.setup();
    refuseActivationOfKit5(57000);
    mockedLoadRemote.mockRejectedValueOnce(new Error('remote down'));
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Funds' });
    await user.click(within(dialog).getByRole('button', { name: 'Fund Account' }));
    expect(await screen.findByText('Funding is unavailable right now. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Insufficient Funds' })).toHaveTextContent('Amount due: NGN 57,000');

    // Billing is back: a second try opens the fund dialog prefilled, and Insufficient Funds steps aside.
    await user.click(within(dialog).getByRole('button', { name: 'Fund Account' }));
    expect(await screen.findByText('Amount asked: 57000')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Insufficient Funds' })).not.toBeInTheDocument();
  });

  it('closes Insufficient Funds on Cancel', async () => {
    const user = userEvent.setup();
    refuseActivationOfKit5(100);
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Funds' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('says so when activation fails otherwise', async () => {
    const user = userEvent.setup();
    serveWallet();
    serveKits([kit(5, 'pending')]);
    handle('post', '/api/v1/starlink_activates/5/activate_kit', { message: 'nope' }, { status: 500 });
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    expect(await screen.findByText('Failed to activate kit. Please try again.')).toBeInTheDocument();
    expect(within(cards()[0]!).getByTestId('kit-status')).toHaveTextContent('approved');
  });

  it('reads the kits again when activation broke mid-way, so a kit the server did activate offers no second charge', async () => {
    const user = userEvent.setup();
    const wallet = serveWallet();
    // The server activates the kit, then fails before answering.
    let activated = false;
    handle('get', '/api/v1/starlink_kits', () =>
      Response.json({ kits: [kit(5, activated ? 'active' : 'pending')], total_pages: 1, total_count: 1 }),
    );
    handle('post', '/api/v1/starlink_activates/5/activate_kit', () => {
      activated = true;
      return Response.json({ message: 'upstream timeout' }, { status: 504 });
    });
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Activate KIT-5' }));
    // A gateway's timeout: the service was not reached in time, in the gateway's words (not "Failed to activate kit").
    expect(await screen.findByText('upstream timeout')).toBeInTheDocument();
    await waitFor(() => expect(within(cards()[0]!).getByTestId('kit-status')).toHaveTextContent('online'));
    expect(screen.queryByRole('button', { name: 'Activate KIT-5' })).not.toBeInTheDocument();
    await waitFor(() => expect(wallet.length).toBeGreaterThan(1));
  });

  it('opens the billing dialog from Fund wallet, and says so when billing cannot load', async () => {
    const user = userEvent.setup();
    serveWallet();
    serveKits([kit(1, 'active')]);
    mockedLoadRemote.mockRejectedValueOnce(new Error('remote down'));
    renderPage(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Fund wallet' }));
    expect(await screen.findByText('Funding is unavailable right now. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'KIT-1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fund wallet' }));
    expect(await screen.findByText('Amount asked: none')).toBeInTheDocument();
  });

  it('toggles auto-renew with the spec messages and keeps the switch on failure', async () => {
    const user = userEvent.setup();
    serveWallet();
    serveKits([kit(9, 'active', { auto_renew: false })]);
    const calls = handle('put', '/api/v1/starlink_kits/set_auto_renew', ({ body }) =>
      Response.json({
        message: 'ok',
        kit: { ...kit(9, 'active'), auto_renew: (body as { auto_renew: boolean }).auto_renew },
      }),
    );
    renderPage(<HomePage />);
    const toggle = await screen.findByRole('switch', { name: 'Auto-renew for KIT-9' });
    await user.click(toggle);
    expect(await screen.findByText('Auto-renew enabled successfully!')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ id: 9, auto_renew: true });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Auto-renew disabled successfully!')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();

    handle('put', '/api/v1/starlink_kits/set_auto_renew', { message: 'x' }, { status: 500 });
    await user.click(toggle);
    expect(await screen.findByText('Failed to update auto-renew settings. Please try again.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('disables Add kit and Fund wallet offline, each saying why in words', async () => {
    serveWallet();
    serveKits([kit(1, 'active')]);
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-1' });
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    const wallet = screen.getByRole('region', { name: 'Wallet balance' });
    expect(within(wallet).getByRole('button', { name: 'Add kit' })).toBeDisabled();
    expect(within(wallet).getByRole('button', { name: 'Add kit' })).toHaveAccessibleDescription("You're offline. Adding a kit needs a connection.");
    expect(within(wallet).getByRole('button', { name: 'Fund wallet' })).toHaveAccessibleDescription("You're offline. Payments need a connection.");
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(within(wallet).getByRole('button', { name: 'Add kit' })).toBeEnabled());
    online.mockRestore();
  });

  it('disables Add kit and Activate while the service cannot be reached, saying so, with the last balance kept', async () => {
    let down = false;
    handle('get', '/api/v1/starlink_user_wallet', () =>
      down ? HttpResponse.error() : HttpResponse.json({ id: 7, wallet_id: 'W-7', balance: 7000 }),
    );
    serveKits([kit(5, 'pending')]);
    serviceDownWhile(() => down);
    renderPage(<HomePage />, { retryAfterMs: 50 });
    const wallet = screen.getByRole('region', { name: 'Wallet balance' });
    expect(await within(wallet).findByText('NGN 7,000')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'KIT-5' });
    expect(within(wallet).getByRole('button', { name: 'Add kit' })).toBeEnabled();
    down = true;
    // The tab comes back into view and the read fails: the balance stays, the actions wait.
    act(() => void window.dispatchEvent(new Event('focus')));
    const addKit = within(wallet).getByRole('button', { name: 'Add kit' });
    await waitFor(() => expect(addKit).toBeDisabled());
    expect(addKit).toHaveAccessibleDescription("We can't reach the service, so a kit can't be added right now. Try again in a moment.");
    expect(screen.getByRole('button', { name: 'Activate KIT-5' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Activate KIT-5' })).toHaveAccessibleDescription(
      "We can't reach the service. Payments wait until it answers again.",
    );
    expect(within(wallet).getByText('NGN 7,000')).toBeInTheDocument();
    down = false;
    await waitFor(() => expect(addKit).toBeEnabled(), { timeout: 5_000 });
  });

  it('shows what the next renewal costs on the card, and the price change to come', async () => {
    serveWallet();
    serveKits([kit(1, 'active', { deadline: '2026-04-03T12:00:00.000Z', plan_price: 57000, renewal_price: 57000 })]);
    handle('get', '/api/v1/plan_price', { amount: 57000, scheduled: { amount: 65000, from: '2026-05-01T00:00:00.000Z' } });
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-1' });
    const card = cards()[0]!;
    expect(await within(card).findByText('Next renewal: NGN 57,000 on 3rd Apr 2026. The price changes to NGN 65,000 from 1st May 2026.')).toBeInTheDocument();
  });

  it('says only the next renewal against a server without price changes (404)', async () => {
    serveWallet();
    serveKits([kit(1, 'active', { deadline: '2026-04-03T12:00:00.000Z', plan_price: 57000 })]);
    renderPage(<HomePage />);
    await screen.findByRole('heading', { name: 'KIT-1' });
    const card = cards()[0]!;
    expect(within(card).getByTestId('kit-renewal')).toHaveTextContent(/^Next renewal: NGN 57,000 on 3rd Apr 2026\.$/);
  });
});
