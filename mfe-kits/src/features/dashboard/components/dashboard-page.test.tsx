import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteModule, type Kit, type KitRenewal } from 'shared-api';
import { useWallet } from 'shared-api/data';
import { apiUrl, handle, HttpResponse, rest, server, signInAs } from 'shared-api/testing';
import { serviceFailed, serviceUnreachable } from 'shared-api/texts';
import { serveNoQuote } from '../../../testing/charge-quote';
import { FakeFundWalletDialog, renderPage } from '../../../testing/render-page';
import { DashboardPage } from './dashboard-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  loadRemoteModule: jest.fn(),
}));
const mockedLoadRemote = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

const NOW = new Date('2026-03-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

function kit(extra: Partial<Kit> = {}): Kit {
  return {
    id: 42,
    kit_number: 'KIT-42',
    service_line_number: 'SL-0042',
    status: 'active',
    auto_renew: true,
    company_name: 'Okafor Logistics',
    company_number: 'RC123',
    address: '12 Marina Road, Lagos',
    nin: '12345678901',
    ...extra,
  };
}

function renewal(id: number, deadline: Date, createdAt: string, status = 'receipt'): KitRenewal {
  return {
    id,
    amount: 57000,
    status,
    deadline: deadline.toISOString(),
    created_at: createdAt,
    start_date: new Date(deadline.getTime() - 30 * DAY).toISOString(),
    end_date: deadline.toISOString(),
  };
}

/** A service that is down answers no call at all while `down()`: the portal judges it by any call, not one read. */
function serviceDownWhile(down: () => boolean) {
  server.use(rest.all(apiUrl('/api/*'), () => (down() ? HttpResponse.error() : undefined)));
}

function serve(k: Kit, renewals: KitRenewal[]) {
  const show = handle('get', `/api/v1/starlink_kits/${k.id}`, { kit: k });
  const list = handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', renewals);
  return { show, list };
}

/** A description list as the customer reads it: each term with its description. */
function termsOf(element: HTMLElement): Record<string, string> {
  const terms = within(element).getAllByRole('term');
  const descriptions = within(element).getAllByRole('definition');
  return Object.fromEntries(terms.map((term, i) => [term.textContent, descriptions[i]?.textContent ?? '']));
}

/** The balance as another part of the portal (the home page) shows it. */
function BalanceElsewhere() {
  const { data } = useWallet();
  return <output aria-label="Balance elsewhere">{data ? String(data.balance) : ''}</output>;
}

function renderDashboard(now = NOW) {
  return renderPage(<DashboardPage now={now} />, { route: '/dashboard/42', path: '/dashboard/:kitId' });
}

beforeEach(() => {
  signInAs();
  mockedLoadRemote.mockResolvedValue({ FundWalletDialog: FakeFundWalletDialog });
  // The spec's server: no price quote, so a charge goes on the tap (tests of the quote serve one).
  serveNoQuote();
  // The wallet (whether the service answers, for the payment buttons) and the transfers awaiting confirmation.
  handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance: 0 });
  handle('get', '/api/v1/starlink_wallet_fundings', []);
});

describe('DashboardPage', () => {
  it('shows its frame while the kit loads: the page and card titles, then the kit in their place', async () => {
    serve(kit(), [renewal(1, new Date(NOW.getTime() + 20 * DAY), '2026-02-01T00:00:00Z')]);
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Kit dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading kit details' })).toBeInTheDocument();
    for (const title of ['Kit details', 'Subscription details', 'Usage', 'Renewal history'])
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText('Loading subscription…')).toBeInTheDocument();
    expect(screen.queryByRole('definition')).not.toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Kit KIT-42' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading kit details' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Download PDF/ })).toBeInTheDocument();
  });

  it("frames the kit details with the card's own terms, as for a kit without a company number", async () => {
    serve(kit({ company_number: undefined }), []);
    renderDashboard();
    const frame = screen.getByRole('status', { name: 'Loading kit details' });
    const frameTerms = within(frame)
      .getAllByRole('term', { hidden: true })
      .map((term) => term.textContent);
    await screen.findByRole('heading', { level: 1, name: 'Kit KIT-42' });
    const card = screen.getByRole('region', { name: 'Kit details' });
    expect(Object.keys(termsOf(card))).toEqual(frameTerms);
  });

  it('shows the kit details with the dashboard label and asks for this kit only', async () => {
    const { show, list } = serve(kit({ status: 'need_approval' }), []);
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Kit KIT-42' })).toBeInTheDocument();
    expect(screen.getByTestId('kit-status')).toHaveTextContent('processing');
    expect(screen.getByText('SL-0042')).toBeInTheDocument();
    expect(show).toHaveLength(1);
    await waitFor(() => expect(list).toHaveLength(1));
    expect(list[0]!.url.searchParams.get('kit_id')).toBe('42');
  });

  it.each([
    ['pending', 'approved'],
    ['need_approval', 'processing'],
    ['expiring', 'expiring soon'],
    ['accepted', 'approved'],
    ['unapproved', 'declined'],
    ['expired', 'expired'],
  ])('labels %s as "%s"', async (status, label) => {
    serve(kit({ status }), []);
    renderDashboard();
    expect(await screen.findByTestId('kit-status')).toHaveTextContent(label);
  });

  it('says so when the kit cannot be fetched', async () => {
    handle('get', '/api/v1/starlink_kits/42', { message: 'x' }, { status: 500 });
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', []);
    renderDashboard();
    expect(await screen.findByText('Failed to fetch kit details.')).toBeInTheDocument();
    expect(screen.getByText(`We couldn't load this kit. ${serviceFailed}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Kit not found' })).not.toBeInTheDocument();
  });

  it('says a kit that does not exist was not found, with a way home instead of Try again', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/starlink_kits/42', { message: 'Kit not found' }, { status: 404 });
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', { message: 'Kit not found' }, { status: 404 });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Kit not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to your kits' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/home');
  });

  it('shows an unknown kit as the "Kit not found" card alone, with no toast on top, though its history failed too', async () => {
    handle('get', '/api/v1/starlink_kits/42', { message: 'Kit not found' }, { status: 404, delayMs: 50 });
    const list = handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', { message: 'Kit not found' }, { status: 404 });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Kit not found' })).toBeInTheDocument();
    expect(list).toHaveLength(1);
    expect(screen.queryByText('Failed to fetch kit details.')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch renewal history.')).not.toBeInTheDocument();
  });

  it('says a kit id that is not a number is no kit, not a connection problem to retry', async () => {
    handle('get', '/api/v1/starlink_kits/abc', { message: 'Kit id must be a number' }, { status: 400 });
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', { message: 'x' }, { status: 400 });
    renderPage(<DashboardPage now={NOW} />, { route: '/dashboard/abc', path: '/dashboard/:kitId' });
    expect(await screen.findByRole('heading', { name: 'Kit not found' })).toBeInTheDocument();
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch kit details.')).not.toBeInTheDocument();
  });

  it('says the service cannot be reached when no answer comes, with Try again', async () => {
    handle('get', '/api/v1/starlink_kits/42', () => HttpResponse.error());
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', []);
    renderDashboard();
    expect(await screen.findByText(serviceUnreachable)).toBeInTheDocument();
    expect(screen.getByText(`We couldn't load this kit. ${serviceUnreachable}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch kit details.')).not.toBeInTheDocument();
  });

  it('shows the kit by itself once the API answers again, with no second toast meanwhile', async () => {
    let down = true;
    const reads = handle('get', '/api/v1/starlink_kits/42', () =>
      down ? new HttpResponse(null, { status: 504 }) : Response.json({ kit: kit() }),
    );
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', []);
    renderPage(<DashboardPage now={NOW} />, { route: '/dashboard/42', path: '/dashboard/:kitId', retryAfterMs: 40 });
    expect(await screen.findByText(serviceUnreachable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(3), { timeout: 3_000 });
    expect(screen.getAllByText(serviceUnreachable)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    down = false;
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kit KIT-42' }, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  }, 15_000);

  it("shows no sample usage for a kit never paid for, and the samples once it has a paid period", async () => {
    serve(kit({ status: 'pending' }), []);
    const { unmount } = renderDashboard();
    expect(await screen.findByText('Usage appears here once the kit is active.')).toBeInTheDocument();
    const usage = screen.getByRole('region', { name: 'Usage' });
    expect(within(usage).queryByText(/GB of 8 GB/)).not.toBeInTheDocument();
    unmount();

    serve(kit({ status: 'active' }), [renewal(1, new Date(NOW.getTime() + 20 * DAY), '2026-02-28T00:00:00Z')]);
    renderDashboard();
    await screen.findByRole('heading', { level: 1, name: 'Kit KIT-42' });
    expect(await screen.findByText('5.2 GB of 8 GB')).toBeInTheDocument();
    expect(screen.queryByText('Usage appears here once the kit is active.')).not.toBeInTheDocument();
  });

  it('describes the last paid period and shows a later invoice as unpaid, never as the current period', async () => {
    const paidEnd = new Date(NOW.getTime() - 10 * DAY);
    const receipt = { ...renewal(1, paidEnd, '2026-01-29T00:00:00Z'), amount: 50000 };
    const invoice = { ...renewal(2, new Date(NOW.getTime() + 20 * DAY), '2026-02-28T00:00:00Z', 'invoice'), amount: 57000 };
    invoice.deadline = paidEnd.toISOString();
    serve(kit({ status: 'expired' }), [invoice, receipt]);
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Subscription details' });
    await within(card).findByText('Last paid period');
    expect(within(card).queryByText('Current period')).not.toBeInTheDocument();
    expect(termsOf(card)).toEqual({
      'Last paid period': '29th Jan 2026 – 28th Feb 2026',
      'Last payment': 'NGN 50,000',
      'Unpaid invoice': 'unpaid 28th Feb 2026 – 30th Mar 2026',
      'Amount due': 'NGN 57,000',
      'Pay by': '28th Feb 2026',
    });
  });

  it('calls a paid period that is still running the current period, with no amount due', async () => {
    serve(kit(), [renewal(1, new Date(NOW.getTime() + 20 * DAY), '2026-02-28T00:00:00Z')]);
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Subscription details' });
    expect(await within(card).findByText('Current period')).toBeInTheDocument();
    expect(within(card).queryByText('Amount due')).not.toBeInTheDocument();
    expect(within(card).getByText('Renew by')).toBeInTheDocument();
  });

  it('says so when the renewal history cannot be fetched', async () => {
    handle('get', '/api/v1/starlink_kits/42', { kit: kit() });
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', {}, { status: 500 });
    renderDashboard();
    expect(await screen.findByText('Failed to fetch renewal history.')).toBeInTheDocument();
  });

  it('enables Renew with exactly 7 days left', async () => {
    serve(kit(), [renewal(1, new Date(NOW.getTime() + 7 * DAY), '2026-02-15T00:00:00Z')]);
    renderDashboard();
    expect(await screen.findByRole('button', { name: 'Renew' })).toBeEnabled();
  });

  it('keeps Renew disabled with more than 7 days left', async () => {
    serve(kit(), [renewal(1, new Date(NOW.getTime() + 7 * DAY + 60 * 60 * 1000), '2026-02-15T00:00:00Z')]);
    renderDashboard();
    await screen.findByRole('table');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Renew' })).toBeDisabled());
    expect(screen.getByText('You can renew when 7 days or fewer remain before the deadline.')).toBeInTheDocument();
  });

  it('reads Reactivate for a deactivated kit whose deadline has passed', async () => {
    serve(kit({ status: 'deactivated' }), [renewal(1, new Date(NOW.getTime() - 10 * DAY), '2026-01-01T00:00:00Z')]);
    renderDashboard();
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it('renews once, says so and reloads the history', async () => {
    const user = userEvent.setup();
    const { list } = serve(kit(), [renewal(1, new Date(NOW.getTime() + 2 * DAY), '2026-02-08T00:00:00Z')]);
    handle('get', '/api/v1/starlink_user_wallet', { id: 1, wallet_id: 'W', balance: 0 });
    const calls = handle(
      'post',
      '/api/v1/starlink_activates/42/activate_kit',
      { message: 'Renewal successful' },
      { delayMs: 50 },
    );
    renderDashboard();
    await user.dblClick(await screen.findByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Renewal successful!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await waitFor(() => expect(list).toHaveLength(2));
  });

  it('after a renewal closes the window, moves keyboard focus from the now disabled Renew to Subscription details', async () => {
    const user = userEvent.setup();
    const due = [renewal(1, new Date(NOW.getTime() + 2 * DAY), '2026-02-08T00:00:00Z')];
    const paid = [renewal(2, new Date(NOW.getTime() + 32 * DAY), '2026-03-10T12:00:00Z'), ...due];
    let renewed = false;
    handle('get', `/api/v1/starlink_kits/42`, { kit: kit() });
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', () => Response.json(renewed ? paid : due));
    handle('get', '/api/v1/starlink_user_wallet', { id: 1, wallet_id: 'W', balance: 0 });
    handle('post', '/api/v1/starlink_activates/42/activate_kit', () => {
      renewed = true;
      return Response.json({ message: 'Renewal successful' });
    });
    renderDashboard();
    const renew = await screen.findByRole('button', { name: 'Renew' });
    await waitFor(() => expect(renew).toBeEnabled());
    act(() => renew.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Renewal successful!')).toBeInTheDocument();
    await waitFor(() => expect(renew).toBeDisabled());
    expect(screen.getByRole('heading', { name: 'Subscription details' })).toHaveFocus();
  });

  it('leaves focus where it is when the page loads with Renew disabled', async () => {
    serve(kit(), [renewal(1, new Date(NOW.getTime() + 20 * DAY), '2026-02-08T00:00:00Z')]);
    renderDashboard();
    expect(await screen.findByRole('button', { name: 'Renew' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Subscription details' })).not.toHaveFocus();
  });

  it('opens the fund dialog prefilled when renewal needs money', async () => {
    const user = userEvent.setup();
    serve(kit(), [renewal(1, new Date(NOW.getTime() + 2 * DAY), '2026-02-08T00:00:00Z')]);
    handle(
      'post',
      '/api/v1/starlink_activates/42/activate_kit',
      { error: 'Insufficient wallet balance', amount_due: 42000 },
      { status: 422 },
    );
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const fund = await screen.findByRole('dialog', { name: 'Fund Account' });
    expect(within(fund).getByText('Amount asked: 42000')).toBeInTheDocument();
  });

  it('says so when renewal fails otherwise', async () => {
    const user = userEvent.setup();
    serve(kit(), [renewal(1, new Date(NOW.getTime() + 2 * DAY), '2026-02-08T00:00:00Z')]);
    handle('post', '/api/v1/starlink_activates/42/activate_kit', { error: 'Renewal not due yet' }, { status: 422 });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Failed to renew kit. Please try again.')).toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('reads the history again when renewal broke mid-way, so a renewal that went through disables Renew', async () => {
    const user = userEvent.setup();
    const due = renewal(1, new Date(NOW.getTime() + 2 * DAY), '2026-02-08T00:00:00Z');
    const paid = renewal(2, new Date(NOW.getTime() + 32 * DAY), '2026-03-10T12:00:00Z');
    // The server renews, then the connection drops before the answer reaches the phone.
    let renewed = false;
    handle('get', '/api/v1/starlink_kits/42', { kit: kit() });
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', () => Response.json(renewed ? [paid, due] : [due]));
    handle('post', '/api/v1/starlink_activates/42/activate_kit', () => {
      renewed = true;
      return Response.error();
    });
    handle('get', '/api/v1/starlink_user_wallet', () =>
      Response.json({ id: 7, wallet_id: 'W-7', balance: renewed ? 1000 : 3000 }),
    );
    renderPage(
      <>
        <DashboardPage now={NOW} />
        <BalanceElsewhere />
      </>,
      { route: '/dashboard/42', path: '/dashboard/:kitId' },
    );
    expect(await screen.findByRole('status', { name: 'Balance elsewhere' })).toHaveTextContent('3000');
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    expect(await screen.findByText(serviceUnreachable)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Renew' })).toBeDisabled());
    // The balance may have moved too, and wherever it shows it is read again.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Balance elsewhere' })).toHaveTextContent('1000'));
  });

  it('lists renewals newest first with ordinal dates, 10 rows a page by default', async () => {
    const user = userEvent.setup();
    const renewals = Array.from({ length: 12 }, (_, i) =>
      renewal(i + 1, new Date(Date.UTC(2025, i, 3, 12)), new Date(Date.UTC(2025, i, 3, 12)).toISOString()),
    );
    serve(kit(), renewals);
    renderDashboard();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent('3rd Dec 2025');
    expect(within(rows[9]!).getAllByRole('cell')[0]).toHaveTextContent('3rd Mar 2025');
    const rowsPerPage = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(rowsPerPage).toHaveValue('10');
    expect(Array.from((rowsPerPage as HTMLSelectElement).options).map((o) => o.value)).toEqual(['10', '20', '50']);
    await user.selectOptions(rowsPerPage, '20');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(12);
  });

  it('downloads a renewal PDF as renewal-{id}.pdf', async () => {
    const user = userEvent.setup();
    serve(kit(), [renewal(77, new Date(NOW.getTime() + 20 * DAY), '2026-02-08T00:00:00Z')]);
    const pdf = handle(
      'get',
      '/api/v1/starlink_kit_renewals/77/download_pdf',
      () =>
        new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
    );
    const createObjectURL = jest.fn(() => 'blob:renewal');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Download PDF/ }));
    expect(await screen.findByText('PDF downloaded successfully!')).toBeInTheDocument();
    expect(pdf).toHaveLength(1);
    expect(saved).toEqual(['renewal-77.pdf blob:renewal']);
    click.mockRestore();
  });

  it('says so when the PDF cannot be downloaded', async () => {
    const user = userEvent.setup();
    serve(kit(), [renewal(77, new Date(NOW.getTime() + 20 * DAY), '2026-02-08T00:00:00Z')]);
    handle('get', '/api/v1/starlink_kit_renewals/77/download_pdf', {}, { status: 500 });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Download PDF/ }));
    expect(await screen.findByText('Failed to download PDF. Please try again.')).toBeInTheDocument();
  });

  it('edits the kit address with the spec request shape', async () => {
    const user = userEvent.setup();
    serve(kit(), []);
    const calls = handle('put', '/api/v1/starlink_kits/kit_address_change_request', { message: 'ok' });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit address' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Kit Address' });
    const field = within(dialog).getByLabelText('Full address');
    expect(field).toHaveFocus();
    // Multi-line, so a long address wraps where it can be read.
    expect(field.tagName).toBe('TEXTAREA');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(within(dialog).getByText('Address is required.')).toBeInTheDocument();
    await user.type(field, '4 Allen Avenue, Ikeja');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address updated successfully!')).toBeInTheDocument();
    expect(calls[0]!.url.searchParams.get('id')).toBe('42');
    expect(calls[0]!.body).toEqual({ starlink_kit_address: { address: '4 Allen Avenue, Ikeja' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('4 Allen Avenue, Ikeja')).toBeInTheDocument();
  });

  it('keeps the dialog open when the address update fails', async () => {
    const user = userEvent.setup();
    serve(kit(), []);
    handle('put', '/api/v1/starlink_kits/kit_address_change_request', { message: 'x' }, { status: 500 });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit address' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Kit Address' });
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Failed to update address.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('disables Reactivate offline, saying a payment needs a connection, and enables it again when the network comes back', async () => {
    serve(kit({ status: 'deactivated' }), []);
    renderDashboard();
    const button = await screen.findByRole('button', { name: 'Reactivate' });
    await waitFor(() => expect(button).toBeEnabled());
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("You're offline. Payments need a connection.");
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(button).toBeEnabled());
    online.mockRestore();
  });

  it('disables Reactivate while the service cannot be reached, saying so, and enables it once it answers again', async () => {
    serve(kit({ status: 'deactivated' }), []);
    handle('get', '/api/v1/starlink_user_wallet', { id: 7, wallet_id: 'W-7', balance: 0 });
    let down = false;
    serviceDownWhile(() => down);
    renderPage(<DashboardPage now={NOW} />, { route: '/dashboard/42', path: '/dashboard/:kitId', retryAfterMs: 50 });
    const button = await screen.findByRole('button', { name: 'Reactivate' });
    await waitFor(() => expect(button).toBeEnabled());
    down = true;
    // The tab comes back into view and its reads go unanswered: the page stays, the charge waits.
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() =>
      expect(button).toHaveAccessibleDescription("We can't reach the service. Payments wait until it answers again."),
    );
    expect(button).toBeDisabled();
    down = false;
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 5_000 });
  });
});
