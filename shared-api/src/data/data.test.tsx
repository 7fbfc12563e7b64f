import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useKit, useKitPage, useLoadWallet, useMarkStale, useOtherKitPages, useWallet } from 'shared-api/data';
import { sessionStore } from '../session/session-store';
import { FreshDataCache, handle, HttpResponse, signInAs } from '../../testing';

function Balance() {
  const { data, error } = useWallet();
  if (error) return <p role="alert">No balance</p>;
  return <output aria-label="Balance">{data ? String(data.balance) : 'loading'}</output>;
}

function KitName({ id }: { id: string }) {
  const { data } = useKit(id);
  const stale = useMarkStale();
  return (
    <>
      <output aria-label="Kit">{data?.kit_number ?? 'loading'}</output>
      <button type="button" onClick={() => void stale.kit(id)}>
        Changed
      </button>
    </>
  );
}

const renderWithCache = (ui: React.ReactElement) => render(ui, { wrapper: FreshDataCache });

function serveBalances(...balances: number[]) {
  let read = 0;
  return handle('get', '/api/v1/starlink_user_wallet', () =>
    Response.json({ id: 7, wallet_id: 'WAL-7', balance: balances[Math.min(read++, balances.length - 1)] }),
  );
}

/** Page `page` of a two-page list, each page one kit named after it. */
function servePages(delayMs = 0) {
  return handle(
    'get',
    '/api/v1/starlink_kits',
    ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return Response.json({ kits: [{ id: page, kit_number: `KIT-P${page}` }], total_pages: 2, total_count: 2 });
    },
    { delayMs },
  );
}

function KitPages() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useKitPage(page);
  return (
    <>
      <ul aria-label="Kits" aria-busy={isLoading}>
        {data?.kits.map((kit) => <li key={kit.id}>{kit.kit_number}</li>)}
      </ul>
      <button type="button" onClick={() => setPage(2)}>
        Next page
      </button>
    </>
  );
}

function OtherPages() {
  const { data } = useOtherKitPages(1, 2, true);
  return <output aria-label="Other kits">{data ? data.get(2)?.[0]?.kit_number : 'loading'}</output>;
}

function KitsChanged() {
  const stale = useMarkStale();
  return (
    <button type="button" onClick={() => void stale.kitList()}>
      Kits changed
    </button>
  );
}

function Toggle({ children, label }: { children: React.ReactNode; label: string }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        {label}
      </button>
      {shown && children}
    </>
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

  it('reads a kit again once a change marked it stale, with the spec’s call', async () => {
    signInAs();
    let number = 'KIT-OLD';
    const reads = handle('get', '/api/v1/starlink_kits/12', () => Response.json({ kit: { id: 12, kit_number: number } }));
    renderWithCache(<KitName id="12" />);
    expect(await screen.findByText('KIT-OLD')).toBeInTheDocument();

    number = 'KIT-NEW';
    await userEvent.click(screen.getByRole('button', { name: 'Changed' }));

    expect(await screen.findByText('KIT-NEW')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
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

  it('keeps the page before on screen while the next page loads', async () => {
    signInAs();
    // Page 2 is answered only once the test has looked at the screen while it loads (a delay loses to a busy machine).
    let answerPage2!: () => void;
    const page2Answered = new Promise<void>((resolve) => (answerPage2 = resolve));
    handle('get', '/api/v1/starlink_kits', async ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      if (page === 2) await page2Answered;
      return Response.json({ kits: [{ id: page, kit_number: `KIT-P${page}` }], total_pages: 2, total_count: 2 });
    });
    renderWithCache(<KitPages />);
    expect(await screen.findByText('KIT-P1')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Kits' })).toHaveAttribute('aria-busy', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));

    expect(screen.getByText('KIT-P1')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Kits' })).toHaveAttribute('aria-busy', 'true');
    answerPage2();
    expect(await screen.findByText('KIT-P2')).toBeInTheDocument();
    expect(screen.queryByText('KIT-P1')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Kits' })).toHaveAttribute('aria-busy', 'false');
  });

  it('never keeps the previous customer’s kits on screen while the next customer’s load', async () => {
    signInAs(undefined, 'first-token');
    servePages(30);
    renderWithCache(<KitPages />);
    expect(await screen.findByText('KIT-P1')).toBeInTheDocument();

    act(() => signInAs(undefined, 'second-token'));

    expect(screen.queryByText('KIT-P1')).not.toBeInTheDocument();
    expect(await screen.findByText('KIT-P1')).toBeInTheDocument();
  });

  it('reuses the other kit pages when shown again, and reads them once more after a change marked them stale', async () => {
    signInAs();
    let version = 'a';
    const reads = handle('get', '/api/v1/starlink_kits', () =>
      Response.json({ kits: [{ id: 2, kit_number: `KIT-2${version}` }], total_pages: 2, total_count: 2 }),
    );
    renderWithCache(
      <>
        <Toggle label="Search">
          <OtherPages />
        </Toggle>
        <KitsChanged />
      </>,
    );
    expect(await screen.findByText('KIT-2a')).toBeInTheDocument();

    version = 'b';
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('status', { name: 'Other kits' })).toHaveTextContent('KIT-2a');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('status', { name: 'Other kits' })).toHaveTextContent('KIT-2a');
    expect(reads).toHaveLength(1);

    // Marked stale while nobody shows them: read on the next showing, not before.
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kits changed' }));
    expect(reads).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('KIT-2b')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it('shows the wallet a call loaded to whoever opens it next, while that screen reads it again', async () => {
    signInAs();
    let read = 0;
    const reads = handle('get', '/api/v1/starlink_user_wallet', async () => {
      // The screen's own read arrives late, so what shows first is the call's answer.
      if (read++ > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      return Response.json({ id: 7, balance: read === 1 ? 1000 : 26000 });
    });
    function FundingCall() {
      const loadWallet = useLoadWallet();
      const [shown, setShown] = useState(false);
      return (
        <>
          <button type="button" onClick={() => void loadWallet().then(() => setShown(true))}>
            Fund
          </button>
          {shown && <Balance />}
        </>
      );
    }
    renderWithCache(<FundingCall />);
    await userEvent.click(screen.getByRole('button', { name: 'Fund' }));

    expect(await screen.findByText('1000')).toBeInTheDocument();
    expect(await screen.findByText('26000')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it('resolves a stale mark even when the read it starts fails', async () => {
    signInAs();
    let fail = false;
    handle('get', '/api/v1/starlink_kits/12', () =>
      fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : Response.json({ kit: { id: 12, kit_number: 'KIT-12' } }),
    );
    let marked: Promise<void> | undefined;
    function Marker() {
      const stale = useMarkStale();
      return (
        <button type="button" onClick={() => (marked = stale.kit('12'))}>
          Mark
        </button>
      );
    }
    renderWithCache(
      <>
        <KitName id="12" />
        <Marker />
      </>,
    );
    expect(await screen.findByText('KIT-12')).toBeInTheDocument();

    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Mark' }));

    await expect(marked).resolves.toBeUndefined();
    expect(screen.getByText('KIT-12')).toBeInTheDocument();
  });
});
