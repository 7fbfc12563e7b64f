import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-api';
import { useFundings } from 'shared-api/data';
import { handle, HttpResponse, signInAs } from 'shared-api/testing';
import { funding, renderWithToaster, wallet } from '../../../test-utils';
import { FundWalletDialog } from './fund-wallet-dialog';

const created = {
  message: 'ok',
  funding: { id: 42, reference: 'FND-ABC123', payment_method: 'offline', amount: 120000 },
};

function mockWalletReads() {
  handle('get', '/api/v1/starlink_user_wallet', wallet);
  return handle('get', '/api/v1/starlink_wallet_fundings', [
    funding({ id: 42, reference: 'FND-ABC123', status: 'pending' }),
  ]);
}

/** Another area's funding history, reading the same data layer. */
function FundingsShown() {
  const { data } = useFundings();
  return <output aria-label="Fundings shown">{data?.length ?? 'none'}</output>;
}

function renderDialog(props: { initialAmount?: number } = {}) {
  const onClose = jest.fn();
  renderWithToaster(<FundWalletDialog open onClose={onClose} {...props} />);
  return { onClose };
}

beforeEach(() => {
  signInAs();
  sessionStore.getState().setWalletId(7);
  // No transfer awaiting confirmation unless a case says so.
  handle('get', '/api/v1/starlink_wallet_fundings', []);
});

describe('FundWalletDialog', () => {
  it('says, before an amount is typed, which transfers are already sent and awaiting confirmation', async () => {
    handle('get', '/api/v1/starlink_wallet_fundings', [
      funding({ id: 5, amount: 57000, status: 'need_approval', created_at: '2026-03-03T10:00:00Z' }),
      funding({ id: 6, amount: 10000, status: 'approved', created_at: '2026-03-04T10:00:00Z' }),
    ]);
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Fund Account' });
    const sent = await within(dialog).findByRole('list', { name: 'Payments awaiting confirmation' });
    expect(within(sent).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'NGN 57,000 sent on 3rd Mar 2026, awaiting confirmation',
    ]);
  });

  it('funds, shows where to pay, and confirms the payment', async () => {
    const user = userEvent.setup();
    const posts = handle('post', '/api/v1/starlink_wallet_fundings', created, { status: 201 });
    handle('get', '/api/v1/starlink_user_wallet', wallet);
    const fundingReads = handle('get', '/api/v1/starlink_wallet_fundings', () =>
      Response.json(posts.length > 0 ? [funding({ id: 42, reference: 'FND-ABC123', status: 'pending' })] : []),
    );
    const onClose = jest.fn();
    renderWithToaster(
      <>
        <FundWalletDialog open onClose={onClose} />
        <FundingsShown />
      </>,
    );
    expect(await screen.findByRole('status', { name: 'Fundings shown' })).toHaveTextContent('0');

    const fundDialog = screen.getByRole('dialog', { name: 'Fund Account' });
    expect(within(fundDialog).getByRole('radio', { name: 'Bank transfer (offline)' })).toBeChecked();
    const amount = within(fundDialog).getByRole('textbox', { name: 'Amount (NGN)' });
    await user.type(amount, '120000');
    expect(amount).toHaveValue('120,000');
    await user.click(within(fundDialog).getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('Funding process  started. Please proceed to make payment.', { normalizer: (s) => s }),
    ).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      starlink_wallet_funding: { starlink_user_wallet_id: 7, amount: 120000, payment_method: 'offline' },
    });
    expect(posts[0]!.headers.get('authorization')).toBe('Bearer test-token');

    const details = await screen.findByRole('dialog', { name: 'Payment Details' });
    // Read first: the title has the focus, not Close.
    expect(within(details).getByRole('heading', { name: 'Payment Details' })).toHaveFocus();
    // The message that led here goes along into the dialog, where it is seen and heard.
    expect(
      within(details).getByText('Funding process  started. Please proceed to make payment.', { normalizer: (s) => s }),
    ).toBeInTheDocument();
    expect(within(details).getAllByText('NGN 120,000').length).toBeGreaterThan(0);
    expect(within(details).getByText('FND-ABC123')).toBeInTheDocument();
    expect(within(details).getByText(/include it in your transfer/i)).toBeInTheDocument();
    expect(within(details).getByText('Demo Bank')).toBeInTheDocument();
    expect(within(details).getByText('0123456789')).toBeInTheDocument();
    expect(within(details).getByText('Starlink Kits Reseller Ltd')).toBeInTheDocument();
    expect(localStorage.getItem('PaymentAmount')).toBe('120000');
    expect(localStorage.getItem('fundingId')).toBe('42');
    expect(localStorage.getItem('reference')).toBe('FND-ABC123');
    expect(localStorage.getItem('method')).toBe('offline');
    // The new funding reaches the shared data layer, so every area's history shows it.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Fundings shown' })).toHaveTextContent('1'));

    const confirms = handle('put', '/api/v1/starlink_wallet_fundings/confirm_request', { message: 'ok' });
    await user.click(within(details).getByRole('button', { name: 'I have made the payment' }));

    expect(
      await screen.findByText('Thanks for confirming, your wallet would be credited when payment is received!'),
    ).toBeInTheDocument();
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.url.searchParams.get('id')).toBe('42');
    expect(confirms[0]!.body).toEqual({ starlink_wallet_funding: { paid: 'yes' } });
    expect(onClose).toHaveBeenCalled();
    for (const key of ['PaymentAmount', 'fundingId', 'reference', 'method'])
      expect(localStorage.getItem(key)).toBeNull();
    await waitFor(() => expect(fundingReads.length).toBeGreaterThanOrEqual(3));
  });

  it.each([
    ['', 'Enter the amount you want to fund.'],
    ['abc', 'Enter the amount as a number, for example 120,000.'],
    ['0', 'The amount must be greater than zero.'],
    ['-500', 'The amount must be greater than zero.'],
  ])('rejects %p without sending anything', async (typed, message) => {
    const user = userEvent.setup();
    renderDialog();
    const amount = screen.getByRole('textbox', { name: 'Amount (NGN)' });
    if (typed) await user.type(amount, typed);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(amount).toHaveFocus();
  });

  it('accepts an amount typed with separators', async () => {
    const user = userEvent.setup();
    const posts = handle('post', '/api/v1/starlink_wallet_fundings', created);
    mockWalletReads();
    renderDialog();
    const amount = screen.getByRole('textbox', { name: 'Amount (NGN)' });
    await user.type(amount, '1,500');
    expect(amount).toHaveValue('1,500');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(posts[0]!.body).toMatchObject({ starlink_wallet_funding: { amount: 1500 } });
  });

  it('sends nothing offline: Continue is disabled, saying a payment needs a connection', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const posts = handle('post', '/api/v1/starlink_wallet_fundings', created);
    mockWalletReads();
    renderDialog({ initialAmount: 45000 });
    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAccessibleDescription("You're offline. Payments need a connection.");
    await user.click(proceed);
    expect(posts).toHaveLength(0);
    jest.restoreAllMocks();
  });

  it('sends nothing while the service cannot be reached: Continue is disabled, saying why', async () => {
    const posts = handle('post', '/api/v1/starlink_wallet_fundings', created);
    handle('get', '/api/v1/starlink_wallet_fundings', () => HttpResponse.error());
    renderDialog({ initialAmount: 45000 });
    const proceed = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(proceed).toBeDisabled());
    expect(proceed).toHaveAccessibleDescription("We can't reach the service. Payments wait until it answers again.");
    expect(posts).toHaveLength(0);
  });

  describe('asked for an amount that transfers awaiting confirmation already cover', () => {
    beforeEach(() => {
      handle('get', '/api/v1/starlink_wallet_fundings', [
        funding({ id: 5, amount: 57000, status: 'need_approval', created_at: '2026-11-28T10:00:00Z' }),
      ]);
    });

    it('says so first, is not pre-filled with it, and its focused, primary action is to wait', async () => {
      const user = userEvent.setup();
      const { onClose } = renderDialog({ initialAmount: 57000 });
      const dialog = screen.getByRole('dialog', { name: 'Fund Account' });
      const said = await within(dialog).findByText(
        'NGN 57,000 sent on 28th Nov 2026, awaiting confirmation: no need to pay again',
      );
      // First in the dialog after its title: before the amount field and every action.
      const amount = within(dialog).getByRole('textbox', { name: 'Amount (NGN)' });
      expect(said.compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(amount).toHaveValue('');
      const wait = within(dialog).getByRole('button', { name: 'Wait for confirmation' });
      await waitFor(() => expect(wait).toHaveFocus());
      expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      // Paying more stays possible, as the secondary action, after the customer types an amount.
      expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
      await user.click(wait);
      expect(onClose).toHaveBeenCalled();
    });

    it('offers only the rest when they cover part of the amount, and lists them', async () => {
      renderDialog({ initialAmount: 100000 });
      const dialog = screen.getByRole('dialog', { name: 'Fund Account' });
      await within(dialog).findByRole('list', { name: 'Payments awaiting confirmation' });
      expect(within(dialog).queryByText(/no need to pay again/)).not.toBeInTheDocument();
      // 100,000 asked, 57,000 already sent: the 57,000 is not asked for again.
      expect(within(dialog).getByRole('textbox', { name: 'Amount (NGN)' })).toHaveValue('43,000');
      expect(within(dialog).queryByRole('button', { name: 'Wait for confirmation' })).not.toBeInTheDocument();
    });
  });

  it('is prefilled with the amount the caller passes, with the cursor in the amount field', async () => {
    renderDialog({ initialAmount: 45000 });
    const amount = screen.getByRole('textbox', { name: 'Amount (NGN)' });
    expect(amount).toHaveValue('45,000');
    await waitFor(() => expect(amount).toHaveFocus());
  });

  it('creates one funding when Continue is clicked twice', async () => {
    const user = userEvent.setup();
    const posts = handle('post', '/api/v1/starlink_wallet_fundings', created, { delayMs: 100 });
    mockWalletReads();
    renderDialog({ initialAmount: 5000 });
    const submit = screen.getByRole('button', { name: 'Continue' });
    await user.dblClick(submit);
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(posts).toHaveLength(1);
  });

  it('looks the wallet up when its id is not stored yet', async () => {
    sessionStore.getState().setWalletId(null);
    const user = userEvent.setup();
    const posts = handle('post', '/api/v1/starlink_wallet_fundings', created);
    mockWalletReads();
    renderDialog({ initialAmount: 5000 });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(posts[0]!.body).toMatchObject({ starlink_wallet_funding: { starlink_user_wallet_id: 7 } });
    expect(localStorage.getItem('starlink_walletId')).toBe('7');
  });

  it('says so when the funding cannot be created, keeping the amount', async () => {
    const user = userEvent.setup();
    handle('post', '/api/v1/starlink_wallet_fundings', { message: 'boom' }, { status: 500 });
    renderDialog({ initialAmount: 5000 });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to fund wallet. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Fund Account' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount (NGN)' })).toHaveValue('5,000');
    expect(localStorage.getItem('fundingId')).toBeNull();
  });

  describe('Payment Details', () => {
    async function reachDetails() {
      const user = userEvent.setup();
      handle('post', '/api/v1/starlink_wallet_fundings', created);
      mockWalletReads();
      const view = renderDialog({ initialAmount: 120000 });
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      return { user, details: await screen.findByRole('dialog', { name: 'Payment Details' }), ...view };
    }

    it('copies the account number and says so beside its button, not in a toast over the details', async () => {
      const { user, details } = await reachDetails();
      const writeText = jest.spyOn(navigator.clipboard, 'writeText');
      const accountLine = within(details).getByText('0123456789').parentElement!; // eslint-disable-line testing-library/no-node-access -- the details' line (dd) is what a toast must not stand in for
      await user.click(within(accountLine).getByRole('button', { name: 'Copy account number' }));
      // In the account number's own line, in a live region, and said once: no toast carries it.
      const said = within(accountLine).getByRole('status');
      expect(said).toHaveAttribute('aria-live', 'polite');
      expect(await within(said).findByText('Account number copied to clipboard!')).toBeInTheDocument();
      expect(within(said).getByText('Copied')).toBeVisible();
      expect(writeText).toHaveBeenCalledWith('0123456789');
      expect(screen.getAllByText('Account number copied to clipboard!')).toHaveLength(1);
    });

    it('copies the reference, shown whole on one line beside its Copy button', async () => {
      const { user, details } = await reachDetails();
      const writeText = jest.spyOn(navigator.clipboard, 'writeText');
      expect(within(details).getByText('FND-ABC123')).toHaveStyle({ whiteSpace: 'nowrap' });
      await user.click(within(details).getByRole('button', { name: 'Copy reference' }));
      expect(await screen.findByText('Reference copied to clipboard!')).toBeInTheDocument();
      expect(writeText).toHaveBeenCalledWith('FND-ABC123');
    });

    it('says so when copying the reference fails', async () => {
      const { user, details } = await reachDetails();
      jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
      await user.click(within(details).getByRole('button', { name: 'Copy reference' }));
      expect(await screen.findByText('Failed to copy reference.')).toBeInTheDocument();
    });

    it('says so when copying fails', async () => {
      const { user, details } = await reachDetails();
      jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
      await user.click(within(details).getByRole('button', { name: 'Copy account number' }));
      expect(await screen.findByText('Failed to copy account number.')).toBeInTheDocument();
    });

    it('keeps the payment when the confirmation fails', async () => {
      const { user, details, onClose } = await reachDetails();
      handle('put', '/api/v1/starlink_wallet_fundings/confirm_request', () => HttpResponse.json({}, { status: 500 }));
      await user.click(within(details).getByRole('button', { name: 'I have made the payment' }));
      expect(await screen.findByText('Failed to confirm payment. Please try again.')).toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
      expect(localStorage.getItem('fundingId')).toBe('42');
      expect(screen.getByRole('dialog', { name: 'Payment Details' })).toBeInTheDocument();
    });

    it('can be closed to pay later, keeping the payment for a reload', async () => {
      const { user, details, onClose } = await reachDetails();
      await user.click(within(details).getByRole('button', { name: 'Pay later' }));
      expect(onClose).toHaveBeenCalled();
      expect(localStorage.getItem('reference')).toBe('FND-ABC123');
    });
  });
});
