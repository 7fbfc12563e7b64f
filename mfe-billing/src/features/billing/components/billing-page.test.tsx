import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-api';
import { resumePaymentState } from 'shared-api/customer';
import { handle, HttpResponse, signInAs } from 'shared-api/testing';
import { offlineCheckConnection, serviceFailed, serviceUnreachable } from 'shared-api/texts';
import { funding, renderWithToaster, wallet } from '../../../test-utils';
import { BillingPage } from './billing-page';

function table() {
  return screen.getByRole('table', { name: /wallet fundings/i });
}

function rowOf(reference: string) {
  return screen.getByRole('row', { name: new RegExp(`^${reference} `) });
}

function bodyRows() {
  return within(table()).getAllByRole('row').slice(1);
}

/** The kept payment's details open by themselves on the page; the customer answers "Pay later". */
async function payLaterOnOfferedDetails(user: ReturnType<typeof userEvent.setup>) {
  const offered = await screen.findByRole('dialog', { name: 'Payment Details' });
  await user.click(within(offered).getByRole('button', { name: 'Pay later' }));
}

beforeEach(() => {
  signInAs();
  // The spec's server: no wallet statement, so the page shows none (its tests below serve one).
  handle('get', '/api/v1/starlink_wallet_transactions', { message: 'Not Found' }, { status: 404 });
});

describe('BillingPage', () => {
  it('shows its frame before any answer: the wallet card and the history titles, then the figures in place', async () => {
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', [funding()]);
    renderWithToaster(<BillingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wallet' })).toBeInTheDocument();
    expect(screen.getByText('Loading your wallet…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transaction history' })).toBeInTheDocument();
    expect(screen.getByText('Loading transaction history…')).toBeInTheDocument();
    // Fund wallet waits for the wallet it funds.
    expect(screen.getByRole('button', { name: 'Fund wallet' })).toBeDisabled();

    expect(await screen.findByText('NGN 25,000')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /^FND-0000000001 / })).toBeInTheDocument();
    expect(screen.queryByText('Loading your wallet…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fund wallet' })).toBeEnabled();
  });

  it('shows the balance, wallet ID and the recommended minimum funding', async () => {
    handle('get', '/api/v1/starlink_user_wallet', { ...wallet, balance: '25000.5' });
    handle('get', '/api/v1/starlink_wallet_fundings', []);
    renderWithToaster(<BillingPage />);
    expect(await screen.findByText('NGN 25,000.50')).toBeInTheDocument();
    expect(screen.getByText('WAL-0007')).toBeInTheDocument();
    expect(screen.getByText(/We recommend funding at least NGN 120,000\./)).toBeInTheDocument();
    expect(await screen.findByText(/No fundings yet/)).toBeInTheDocument();
  });

  it('labels every funding status as spec section 4 says, with ordinal dates', async () => {
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    const statuses = ['pending', 'need_approval', 'approved', 'unapproved', 'expired', 'expiring', 'on_hold'];
    handle(
      'get',
      '/api/v1/starlink_wallet_fundings',
      // A server may send the amount as a string; shared-api reads it as a number.
      statuses.map((status, i) => ({
        ...funding({ id: i + 1, status, reference: `FND-${status}`, created_at: `2026-03-0${i + 1}T12:00:00.000Z` }),
        amount: '1500',
      })),
    );
    renderWithToaster(<BillingPage />);
    await screen.findByRole('table', { name: /wallet fundings/i });
    const expected: Record<string, string> = {
      pending: 'unconfirmed',
      need_approval: 'processing',
      approved: 'successful',
      unapproved: 'declined',
      expired: 'expired',
      expiring: 'expiring soon',
      on_hold: 'on hold',
    };
    for (const [status, label] of Object.entries(expected)) {
      const row = rowOf(`FND-${status}`);
      expect(within(row).getByText(label)).toBeInTheDocument();
      expect(within(row).getByText('NGN 1,500')).toBeInTheDocument();
      expect(within(row).getByText('Bank transfer')).toBeInTheDocument();
    }
    expect(within(rowOf('FND-pending')).getByText('1st Mar 2026')).toBeInTheDocument();
    expect(within(rowOf('FND-need_approval')).getByText('2nd Mar 2026')).toBeInTheDocument();
    expect(within(rowOf('FND-unapproved')).getByText('4th Mar 2026')).toBeInTheDocument();
    // Only the pending funding can be confirmed.
    expect(within(table()).getAllByRole('button', { name: /confirm/i })).toHaveLength(1);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Reference',
      'Date',
      'Amount',
      'Method',
      'Status',
      'Action',
    ]);
  });

  it('pages the history 10, 20 or 50 rows at a time, 10 by default', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle(
      'get',
      '/api/v1/starlink_wallet_fundings',
      Array.from({ length: 25 }, (_, i) =>
        funding({
          id: i + 1,
          reference: `FND-${String(i + 1).padStart(2, '0')}`,
          created_at: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
        }),
      ),
    );
    renderWithToaster(<BillingPage />);
    await screen.findByRole('table', { name: /wallet fundings/i });

    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50']);
    expect(select).toHaveValue('10');
    expect(bodyRows()).toHaveLength(10);
    // Newest first.
    expect(within(bodyRows()[0]!).getByRole('rowheader')).toHaveTextContent('FND-25');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(bodyRows()).toHaveLength(5);
    expect(within(bodyRows()[4]!).getByRole('rowheader')).toHaveTextContent('FND-01');

    await user.selectOptions(select, '20');
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.selectOptions(select, '50');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.queryByRole('navigation', { name: 'Transaction history pages' })).not.toBeInTheDocument();
  });

  it('confirms a pending funding with paid=yes and shows it as processing', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    let status = 'pending';
    handle('get', '/api/v1/starlink_wallet_fundings', () =>
      HttpResponse.json([funding({ id: 5, reference: 'FND-5', status })]),
    );
    const confirms = handle('put', '/api/v1/starlink_wallet_fundings/confirm_request', () => {
      status = 'need_approval';
      return HttpResponse.json({ message: 'ok' });
    });
    sessionStore.getState().setPayment({ amount: '1000', fundingId: '5', reference: 'FND-5', method: 'offline' });
    renderWithToaster(<BillingPage />);
    // The kept payment reopens its details first; this test is about the table.
    await payLaterOnOfferedDetails(user);

    await user.click(await screen.findByRole('button', { name: 'Confirm payment FND-5' }));

    expect(await screen.findByText('Payment confirmed successfully!')).toBeInTheDocument();
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.url.pathname).toBe('/api/v1/starlink_wallet_fundings/confirm_request');
    expect(confirms[0]!.url.searchParams.get('id')).toBe('5');
    expect(confirms[0]!.body).toEqual({ starlink_wallet_funding: { paid: 'yes' } });
    expect(await screen.findByText('processing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /confirm payment/i })).not.toBeInTheDocument();
    expect(localStorage.getItem('fundingId')).toBeNull();
  });

  it('says so when confirming fails', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', [funding({ id: 5, reference: 'FND-5', status: 'pending' })]);
    handle('put', '/api/v1/starlink_wallet_fundings/confirm_request', { message: 'no' }, { status: 422 });
    renderWithToaster(<BillingPage />);
    await user.click(await screen.findByRole('button', { name: 'Confirm payment FND-5' }));
    expect(await screen.findByText('Failed to confirm payment. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('unconfirmed')).toBeInTheDocument();
  });

  it('says "Failed to fetch billing data" when loading fails, and retries', async () => {
    const user = userEvent.setup();
    // A server failure (a 502-504 would be a gateway: the service not reached, said as such below).
    handle('get', '/api/v1/starlink_user_wallet', { message: 'down' }, { status: 500 });
    handle('get', '/api/v1/starlink_wallet_fundings', { message: 'down' }, { status: 500 });
    renderWithToaster(<BillingPage />);
    const toastText = await screen.findByText('Failed to fetch billing data');
    expect(toastText.textContent).toBe('Failed to fetch billing data');
    // The service answered with a failure: the customer's connection is not the thing to check.
    expect(screen.getByRole('alert')).toHaveTextContent(`Failed to fetch billing data. ${serviceFailed}`);

    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', [funding({ reference: 'FND-BACK' })]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('FND-BACK')).toBeInTheDocument();
    expect(screen.getByText('WAL-0007')).toBeInTheDocument();
  });

  it('asks the customer to check the connection when the browser is offline', async () => {
    handle('get', '/api/v1/starlink_user_wallet', () => HttpResponse.error());
    handle('get', '/api/v1/starlink_wallet_fundings', () => HttpResponse.error());
    const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderWithToaster(<BillingPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to fetch billing data. ${offlineCheckConnection}`);
      // Its message says the same.
      expect(await screen.findByText(offlineCheckConnection)).toBeInTheDocument();
    } finally {
      offline.mockRestore();
    }
  });

  it('says the service cannot be reached when no answer comes', async () => {
    handle('get', '/api/v1/starlink_user_wallet', () => HttpResponse.error());
    handle('get', '/api/v1/starlink_wallet_fundings', () => HttpResponse.error());
    renderWithToaster(<BillingPage />);
    expect(await screen.findByText(serviceUnreachable)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`Failed to fetch billing data. ${serviceUnreachable}`);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the billing data by itself once the API answers again, with one toast and no Retry pressed', async () => {
    let down = true;
    const walletReads = handle('get', '/api/v1/starlink_user_wallet', () =>
      down ? HttpResponse.error() : Response.json(wallet),
    );
    handle('get', '/api/v1/starlink_wallet_fundings', () =>
      down
        ? HttpResponse.json({ message: 'Bad gateway' }, { status: 502 })
        : Response.json([funding({ reference: 'FND-BACK' })]),
    );
    renderWithToaster(<BillingPage />, '/billing', { retryAfterMs: 40 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch billing data');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    // Retries that fail again keep the message and its Retry, and toast nothing more.
    await waitFor(() => expect(walletReads.length).toBeGreaterThanOrEqual(3), { timeout: 3_000 });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch billing data');
    expect(screen.getAllByText(serviceUnreachable)).toHaveLength(1);
    expect(screen.queryByText('Loading your wallet…')).not.toBeInTheDocument();

    down = false;
    expect(await screen.findByText('FND-BACK', undefined, { timeout: 3_000 })).toBeInTheDocument();
    expect(await screen.findByText('WAL-0007')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 15_000);

  it('reopens the Payment Details of a payment kept across a reload', async () => {
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', [
      funding({ id: 77, reference: 'FND-KEPT', status: 'pending', amount: 90000 }),
    ]);
    sessionStore.getState().setPayment({ amount: '90000', fundingId: '77', reference: 'FND-KEPT', method: 'offline' });
    renderWithToaster(<BillingPage />);
    const details = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(within(details).getByText('FND-KEPT')).toBeInTheDocument();
    expect(within(details).getAllByText('NGN 90,000').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Payment in progress' })).toBeInTheDocument();
  });

  it('reopens Payment Details when a link asks for it, even after it was offered once on this page load', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', [
      funding({ id: 79, reference: 'FND-LINK', status: 'pending', amount: 90000 }),
    ]);
    sessionStore.getState().setPayment({ amount: '90000', fundingId: '79', reference: 'FND-LINK', method: 'offline' });
    const { unmount: leaveOffered } = renderWithToaster(<BillingPage />);
    await payLaterOnOfferedDetails(user);
    leaveOffered();

    const { unmount: leavePlain } = renderWithToaster(<BillingPage />);
    // Once the history is in, a plain visit leaves only the notice.
    await screen.findByText('unconfirmed');
    expect(screen.queryByRole('dialog', { name: 'Payment Details' })).not.toBeInTheDocument();
    leavePlain();

    renderWithToaster(<BillingPage />, { pathname: '/billing', state: resumePaymentState });
    const details = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(within(details).getByText('FND-LINK')).toBeInTheDocument();
  });

  it('does not reopen Payment Details by itself after "Pay later", on any later load: once per funding', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', [
      funding({ id: 80, reference: 'FND-LATER', status: 'pending', amount: 57000 }),
      funding({ id: 81, reference: 'FND-NEXT', status: 'pending', amount: 20000 }),
    ]);
    sessionStore.getState().setPayment({ amount: '57000', fundingId: '80', reference: 'FND-LATER', method: 'offline' });
    const { unmount: leaveFirst } = renderWithToaster(<BillingPage />);
    await payLaterOnOfferedDetails(user);
    leaveFirst();
    // What the next page load reads: this browser's storage.
    expect(localStorage.getItem('paymentDetailsClosed')).toBe('80');

    const { unmount: leaveAgain } = renderWithToaster(<BillingPage />);
    await screen.findByText('FND-NEXT');
    expect(await screen.findByRole('heading', { name: 'Payment in progress' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Payment Details' })).not.toBeInTheDocument();
    leaveAgain();

    // A new funding kept (started on another screen, its details never shown) opens once.
    sessionStore.getState().setPayment({ amount: '20000', fundingId: '81', reference: 'FND-NEXT', method: 'offline' });
    renderWithToaster(<BillingPage />);
    const next = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(within(next).getByText('FND-NEXT')).toBeInTheDocument();
  });

  it('forgets a kept payment the history shows as already confirmed', async () => {
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', [
      funding({ id: 78, reference: 'FND-DONE', status: 'need_approval' }),
    ]);
    sessionStore.getState().setPayment({ amount: '1000', fundingId: '78', reference: 'FND-DONE', method: 'offline' });
    renderWithToaster(<BillingPage />);
    await screen.findByText('processing');
    await waitFor(() => expect(localStorage.getItem('fundingId')).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment in progress' })).not.toBeInTheDocument();
  });

  it('funds from the page and shows the new funding without a reload', async () => {
    const user = userEvent.setup();
    sessionStore.getState().setWalletId(7);
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    let list = [funding({ id: 1, reference: 'FND-OLD' })];
    handle('get', '/api/v1/starlink_wallet_fundings', () => HttpResponse.json(list));
    handle('post', '/api/v1/starlink_wallet_fundings', () => {
      list = [
        funding({ id: 2, reference: 'FND-NEW', status: 'pending', created_at: '2026-03-09T12:00:00.000Z' }),
        ...list,
      ];
      return HttpResponse.json({ funding: { id: 2, reference: 'FND-NEW', payment_method: 'offline', amount: 120000 } });
    });
    renderWithToaster(<BillingPage />);
    await user.click(await screen.findByRole('button', { name: 'Fund wallet' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount (NGN)' }), '120000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const details = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(within(details).getByText('FND-NEW')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'FND-NEW' })).toBeInTheDocument();
    // Exactly one Payment Details dialog: the page does not offer the payment it just started again.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it.each(['history', 'billing-table'])('scrolls to #%s once the history has loaded', async (anchor) => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', [funding()], { delayMs: 50 });
    renderWithToaster(<BillingPage />, `/billing#${anchor}`);
    await screen.findByRole('table', { name: /wallet fundings/i });
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute('id', anchor);
    expect(scrollIntoView.mock.contexts[0]).toHaveFocus();
  });
});

describe('BillingPage wallet statement (beyond the spec)', () => {
  const line = (id: number, kind: string, amount: number, balanceAfter: number, extra: Record<string, unknown> = {}) => ({
    id,
    kind,
    amount,
    balance_after: balanceAfter,
    created_at: `2026-03-${String(10 - id).padStart(2, '0')}T12:00:00.000Z`,
    reference: null,
    kit_number: null,
    renewal_id: null,
    ...extra,
  });

  it('lists every credit and debit with the balance after each, and pages like the funding table', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', []);
    const calls = handle('get', '/api/v1/starlink_wallet_transactions', ({ url }) =>
      HttpResponse.json({
        transactions:
          url.searchParams.get('page') === '1'
            ? [
                line(3, 'renewal', -57000, 86000, { kit_number: 'KIT-9', renewal_id: 12 }),
                line(2, 'activation', -57000, 143000, { kit_number: 'KIT-9', renewal_id: 11 }),
                line(1, 'funding', 200000, 200000, { reference: 'FND-0000000001' }),
              ]
            : [line(4, 'auto_renewal', -57000, 29000, { kit_number: 'KIT-9', renewal_id: 13 })],
        page: Number(url.searchParams.get('page')),
        per_page: Number(url.searchParams.get('per_page')),
        total_pages: 2,
        total_count: 4,
      }),
    );
    renderWithToaster(<BillingPage />);
    const statement = await screen.findByRole('table', { name: 'Every credit and debit of your wallet (4), newest first' });
    const rows = within(statement)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['7th Mar 2026', 'Kit KIT-9 renewed', '−NGN 57,000', 'NGN 86,000'],
      ['8th Mar 2026', 'Kit KIT-9 activated', '−NGN 57,000', 'NGN 143,000'],
      ['9th Mar 2026', 'Wallet funded (FND-0000000001)', '+NGN 200,000', 'NGN 200,000'],
    ]);
    expect(calls[0]!.url.searchParams.get('per_page')).toBe('10');
    await user.click(within(screen.getByRole('navigation', { name: 'Wallet statement pages' })).getByRole('button', { name: 'Page 2' }));
    expect(await within(statement).findByText('Kit KIT-9 auto-renewed')).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');
  }, 20_000);

  it('is not shown against a server without it', async () => {
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', []);
    renderWithToaster(<BillingPage />);
    expect(await screen.findByText(/No fundings yet/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Wallet statement' })).not.toBeInTheDocument());
  });

  it('says when it cannot be loaded, with Retry', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', []);
    handle('get', '/api/v1/starlink_wallet_transactions', { message: 'boom' }, { status: 500 });
    renderWithToaster(<BillingPage />);
    expect(await screen.findByText('Your wallet statement is unavailable right now.')).toBeInTheDocument();
    handle('get', '/api/v1/starlink_wallet_transactions', { transactions: [], page: 1, per_page: 10, total_pages: 1, total_count: 0 });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No money has moved through your wallet yet.')).toBeInTheDocument();
  });

  it('comes back by itself once the API answers again', async () => {
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    handle('get', '/api/v1/starlink_wallet_fundings', []);
    let down = true;
    const reads = handle('get', '/api/v1/starlink_wallet_transactions', () =>
      down
        ? HttpResponse.error()
        : HttpResponse.json({ transactions: [], page: 1, per_page: 10, total_pages: 1, total_count: 0 }),
    );
    renderWithToaster(<BillingPage />, '/billing', { retryAfterMs: 40 });
    expect(await screen.findByText('Your wallet statement is unavailable right now.')).toBeInTheDocument();

    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(3), { timeout: 3_000 });
    expect(screen.getByText('Your wallet statement is unavailable right now.')).toBeInTheDocument();

    down = false;
    expect(
      await screen.findByText('No money has moved through your wallet yet.', undefined, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your wallet statement is unavailable right now.')).not.toBeInTheDocument();
  }, 15_000);
});
