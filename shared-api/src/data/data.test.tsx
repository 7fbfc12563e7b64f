import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDataCache, useWallet } from 'shared-api/data';
import { sessionStore } from '../session/session-store';
import { FreshDataCache, handle, HttpResponse, signInAs } from '../../testing';

function Balance() {
  const { data, error } = useWallet();
  if (error) return <p role="alert">No balance</p>;
  return <output aria-label="Balance">{data ? String(data.balance) : 'loading'}</output>;
}

const renderWithCache = (ui: React.ReactElement) => render(ui, { wrapper: FreshDataCache });

function serveBalances(...balances: number[]) {
  let read = 0;
  return handle('get', '/api/v1/starlink_user_wallet', () =>
    Response.json({ id: 7, wallet_id: 'WAL-7', balance: balances[Math.min(read++, balances.length - 1)] }),
  );
}

describe('the data layer', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each([
    [
      'the customer comes back to the tab',
      () => {
        // jsdom's page is never visible; the customer switches away from the tab and back.
        const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
        document.dispatchEvent(new Event('visibilitychange'));
        visibility.mockReturnValue('visible');
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
    ['the window gets the focus back', () => void window.dispatchEvent(new Event('focus'))],
    [
      'the network comes back',
      () => {
        window.dispatchEvent(new Event('offline'));
        window.dispatchEvent(new Event('online'));
      },
    ],
  ])('reads the wallet again when %s', async (_, comeBack) => {
    signInAs();
    const reads = serveBalances(1000, 26000);
    renderWithCache(<Balance />);
    expect(await screen.findByText('1000')).toBeInTheDocument();

    act(comeBack);

    expect(await screen.findByText('26000')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it('remembers the wallet id for the funding call', async () => {
    signInAs();
    serveBalances(1000);
    renderWithCache(<Balance />);
    await screen.findByText('1000');
    expect(sessionStore.getState().walletId).toBe('7');
  });

  it('never shows one customer the previous one’s figures, and asks nothing once signed out', async () => {
    signInAs(undefined, 'first-token');
    const reads = serveBalances(1000, 50);
    renderWithCache(<Balance />);
    expect(await screen.findByText('1000')).toBeInTheDocument();

    act(() => sessionStore.getState().logout());
    expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('loading');
    act(() => signInAs(undefined, 'second-token'));

    expect(await screen.findByText('50')).toBeInTheDocument();
    expect(reads.map((r) => r.headers.get('authorization'))).toEqual(['Bearer first-token', 'Bearer second-token']);
  });

  it('does not read again on coming back to the tab while offline, which would only fail', async () => {
    signInAs();
    const reads = serveBalances(1000, 26000);
    renderWithCache(<Balance />);
    expect(await screen.findByText('1000')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('focus'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('1000')).toBeInTheDocument();
    expect(reads).toHaveLength(1);

    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('26000')).toBeInTheDocument();
  });

  it('shares one request between the screens asking at the same time, and reads again for one that opens later', async () => {
    signInAs();
    let balance = 1000;
    const reads = handle('get', '/api/v1/starlink_user_wallet', () => Response.json({ id: 7, balance }), {
      delayMs: 20,
    });
    const { rerender } = renderWithCache(
      <>
        <Balance />
        <Balance />
      </>,
    );
    expect(await screen.findAllByText('1000')).toHaveLength(2);
    expect(reads).toHaveLength(1);

    balance = 26000;
    rerender(
      <>
        <Balance />
        <Balance />
        <Balance />
      </>,
    );

    expect(await screen.findAllByText('26000')).toHaveLength(3);
    expect(reads).toHaveLength(2);
  });

  it('shows a failure without trying again by itself, and clears it once a retry succeeds', async () => {
    signInAs();
    let fail = true;
    const reads = handle('get', '/api/v1/starlink_user_wallet', () =>
      fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : Response.json({ id: 7, balance: 300 }),
    );
    function Retryable() {
      const { data, error, mutate } = useWallet();
      return (
        <>
          {error !== undefined && <p role="alert">No balance</p>}
          <output aria-label="Balance">{data ? String(data.balance) : 'loading'}</output>
          <button type="button" onClick={() => void mutate()}>
            Try again
          </button>
        </>
      );
    }
    renderWithCache(<Retryable />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No balance');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads).toHaveLength(1);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('300')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it('shows what a change put in the cache at once, without reading it again', async () => {
    signInAs();
    const reads = serveBalances(1000);
    function Funded() {
      const cache = useDataCache();
      return (
        <button type="button" onClick={() => void cache.update(['wallet'], () => ({ id: 7, wallet_id: 'WAL-7', balance: 26000 }))}>
          Fund
        </button>
      );
    }
    renderWithCache(
      <>
        <Balance />
        <Funded />
      </>,
    );
    expect(await screen.findByText('1000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fund' }));
    expect(await screen.findByText('26000')).toBeInTheDocument();
    expect(reads).toHaveLength(1);
  });
});
