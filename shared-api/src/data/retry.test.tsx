import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { useWallet } from 'shared-api/data';
import { retryDelay } from './cache';
import { freshDataCacheWith, handle, HttpResponse, signInAs } from '../../testing';

/** The first automatic retry's wait in these tests (5 s in the portal). */
const FIRST_RETRY_MS = 40;

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** A screen as the areas draw one: the failure with a Retry, a loading state, or the balance. */
function Balance() {
  const { data, error, isLoading, isValidating, mutate } = useWallet();
  // How many failures the screen was told of: an area toasts each one.
  const [told, setTold] = useState(0);
  useEffect(() => {
    if (error !== undefined) setTold((n) => n + 1);
  }, [error]);
  if (isLoading || (isValidating && error !== undefined)) return <div role="status">Loading balance</div>;
  if (error !== undefined) {
    return (
      <>
        <p role="alert">No balance (told {told})</p>
        <button type="button" onClick={() => void mutate()}>
          Retry
        </button>
      </>
    );
  }
  return <output aria-label="Balance">{data ? String(data.balance) : 'nothing'}</output>;
}

const QuickRetries = freshDataCacheWith(FIRST_RETRY_MS);

/** Time enough to go offline, hide the tab or close the screen before the first retry is due, on a busy machine. */
const SLOWER_RETRY_MS = 1_000;
const SlowerRetries = freshDataCacheWith(SLOWER_RETRY_MS);

const wallet = (balance: number) => Response.json({ id: 7, wallet_id: 'WAL-7', balance });

/** The wallet read, failing with `failure` while `down()` says so on arrival; each request recorded with its time. */
function serveWallet(down: () => boolean, failure: () => Response, delayMs = 0) {
  const at: number[] = [];
  const reads = handle('get', '/api/v1/starlink_user_wallet', async () => {
    at.push(Date.now());
    const failing = down();
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return failing ? failure() : wallet(300);
  });
  return { reads, at };
}

/**
 * The wallet read failing with no answer; every read after the first is held until the test calls `fail()`, so a
 * loading state is seen whatever the machine's speed.
 */
function heldFailures() {
  let fail!: () => void;
  const failing = new Promise<void>((resolve) => (fail = resolve));
  const reads = handle('get', '/api/v1/starlink_user_wallet', async () => {
    if (reads.length > 1) await failing;
    return HttpResponse.error();
  });
  return { reads, fail };
}

describe('the data layer when the service cannot be reached', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['no answer comes (network failure)', () => HttpResponse.error()],
    ['a gateway answers 503 for the API', () => HttpResponse.json({ message: 'down' }, { status: 503 })],
    ['a gateway answers 502 for the API', () => new HttpResponse(null, { status: 502 })],
    ['a gateway answers 504 for the API', () => new HttpResponse(null, { status: 504 })],
  ])(
    'shows fresh data by itself once the API answers again, when %s',
    async (_, failure) => {
      signInAs();
      let down = true;
      // The read that finds the API back is held until the test has looked at the screen during it.
      let answer!: () => void;
      const answering = new Promise<void>((resolve) => (answer = resolve));
      const reads = handle('get', '/api/v1/starlink_user_wallet', async () => {
        if (down) return failure();
        await answering;
        return wallet(300);
      });
      render(<Balance />, { wrapper: QuickRetries });
      expect(await screen.findByRole('alert')).toHaveTextContent('No balance');

      // Retries that fail again keep the failure on screen, told once.
      await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(3), { timeout: 3_000 });
      expect(screen.getByRole('alert')).toHaveTextContent('No balance (told 1)');
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();

      down = false;
      const before = reads.length;
      await waitFor(() => expect(reads.length).toBeGreaterThan(before), { timeout: 3_000 });
      // The retry is under way: still the failure and its Retry, no loading state.
      expect(screen.getByRole('alert')).toHaveTextContent('No balance (told 1)');
      expect(screen.queryByText('Loading balance')).not.toBeInTheDocument();

      answer();
      expect(await screen.findByText('300')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    15_000,
  );

  it('waits longer between each retry, and tells the screen of one failure however many retries fail', async () => {
    signInAs();
    const { at } = serveWallet(
      () => true,
      () => HttpResponse.error(),
    );
    render(<Balance />, { wrapper: QuickRetries });

    await waitFor(() => expect(at.length).toBeGreaterThanOrEqual(4), { timeout: 2_000 });
    const gaps = at.slice(1, 4).map((t, i) => t - at[i]!);
    // Timers never fire early; a few ms of rounding in Date.now() aside.
    expect(gaps[0]).toBeGreaterThanOrEqual(FIRST_RETRY_MS - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(2 * FIRST_RETRY_MS - 5);
    expect(gaps[2]).toBeGreaterThanOrEqual(4 * FIRST_RETRY_MS - 5);
    expect(screen.getByRole('alert')).toHaveTextContent('No balance (told 1)');
  }, 15_000);

  it('waits 5 s, then twice as long each time, never more than a minute, in the portal', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => retryDelay(5_000, n))).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });

  it.each([
    ['400', 400],
    ['404', 404],
    ['422', 422],
    ['500 (the API answered: a failure of its own)', 500],
  ])('never tries a %s again by itself', async (_, status) => {
    signInAs();
    const { reads } = serveWallet(
      () => true,
      () => HttpResponse.json({ message: 'no' }, { status }),
    );
    render(<Balance />, { wrapper: QuickRetries });
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    await wait(FIRST_RETRY_MS * 4);
    expect(reads).toHaveLength(1);
  });

  /** Leaving (offline, or the tab hidden) and coming back, as the browser tells a page. */
  const away = {
    'the browser is offline': (gone: boolean) => {
      jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!gone);
      act(() => void window.dispatchEvent(new Event(gone ? 'offline' : 'online')));
    },
    'the tab is hidden': (gone: boolean) => {
      jest.spyOn(document, 'visibilityState', 'get').mockReturnValue(gone ? 'hidden' : 'visible');
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    },
  };

  it.each(Object.entries(away))('does not retry while %s, and reads again on the return', async (_, leave) => {
    signInAs();
    let down = true;
    const { reads } = serveWallet(
      () => down,
      () => HttpResponse.error(),
    );
    render(<Balance />, { wrapper: SlowerRetries });
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    leave(true);
    await wait(SLOWER_RETRY_MS * 2);
    expect(reads).toHaveLength(1);

    down = false;
    leave(false);
    expect(await screen.findByText('300')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it('shows a pressed Retry as loading, as before, and tells the screen of its failure', async () => {
    signInAs();
    const { reads, fail } = heldFailures();
    // No automatic retry during this test.
    render(<Balance />, {
      wrapper: freshDataCacheWith(60_000),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No balance (told 1)');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Loading balance');
    fail();
    expect(await screen.findByRole('alert')).toHaveTextContent('No balance (told 2)');
    expect(reads).toHaveLength(2);
  }, 15_000);

  it('shows a Retry pressed during an automatic retry as loading', async () => {
    signInAs();
    const { reads, fail } = heldFailures();
    render(<Balance />, { wrapper: QuickRetries });
    expect(await screen.findByRole('alert')).toHaveTextContent('No balance (told 1)');
    await waitFor(() => expect(reads).toHaveLength(2), { timeout: 3_000 });
    expect(screen.queryByText('Loading balance')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Loading balance');
    expect(reads).toHaveLength(3);
    fail();
    expect(await screen.findByRole('alert')).toHaveTextContent('No balance (told 2)');
  }, 15_000);

  it('stops retrying once nobody shows the read', async () => {
    signInAs();
    const { reads } = serveWallet(
      () => true,
      () => HttpResponse.error(),
    );
    // Unmounted before the first retry is due, however busy the machine.
    const { unmount } = render(<Balance />, { wrapper: SlowerRetries });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    unmount();

    await wait(SLOWER_RETRY_MS * 2);
    expect(reads).toHaveLength(1);
  });
});
