import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http } from '../http/client';
import { useData, useWallet } from 'shared-api/data';
import { sessionStore } from '../session/session-store';
import { demoUser, FreshDataCache, handle, HttpResponse, signInAs } from '../../testing';
import { clearLastKnown, readLastKnown, writeLastKnown } from './last-known-db';

const wallet = (balance: number) => ({ id: 7, wallet_id: 'WAL-7', balance });

/** What a screen shows of the wallet: the balance, and "kept <time>" while it is last-known data. */
function Balance() {
  const { data, error, lastKnownAt } = useWallet();
  if (error) return <p role="alert">No balance</p>;
  return (
    <>
      <output aria-label="Balance">{data ? String(data.balance) : 'loading'}</output>
      {lastKnownAt !== undefined && <p>kept {lastKnownAt}</p>}
    </>
  );
}

/** A read of an area's own (a kit), which is not among the reads kept on the device. */
function KitName() {
  const { data } = useData(['kit', '3'] as const, () =>
    http.get<{ kit: { kit_number: string } }>('/api/v1/starlink_kits/3').then((r) => r.data.kit),
  );
  return <output aria-label="Kit">{data?.kit_number ?? 'loading'}</output>;
}

const customer = (id: number) => ({ ...demoUser, id });

/** The device as a visit left it: `account`'s wallet read at `at`. */
const keptWallet = (account: string, balance: number, at: number) =>
  writeLastKnown(account, JSON.stringify(['wallet']), { at, data: wallet(balance) });

describe('last-known data', () => {
  afterEach(async () => {
    act(() => sessionStore.getState().logout());
    await clearLastKnown();
  });

  it('draws the wallet this customer saw last time at once, with its time, until the server answers', async () => {
    await keptWallet('42', 500, 1_000);
    act(() => signInAs(customer(42)));
    // The server answers once the kept figures are on screen, whatever the machine's speed.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    handle('get', '/api/v1/starlink_user_wallet', async () => {
      await answered;
      return HttpResponse.json(wallet(26_000));
    });

    render(<Balance />, { wrapper: FreshDataCache });

    expect(await screen.findByText('500')).toBeInTheDocument();
    expect(screen.getByText('kept 1000')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('26000')).toBeInTheDocument();
    expect(screen.queryByText(/kept/)).not.toBeInTheDocument();
    // The fresh answer is what the next visit draws.
    await waitFor(async () =>
      expect((await readLastKnown('42'))?.entries['["wallet"]']?.data).toEqual(wallet(26_000)),
    );
  });

  it('never draws another customer’s kept figures, and removes them', async () => {
    await keptWallet('41', 500, 1_000);
    act(() => signInAs(customer(42)));
    handle('get', '/api/v1/starlink_user_wallet', wallet(26_000), { delayMs: 300 });

    render(<Balance />, { wrapper: FreshDataCache });

    expect(screen.getByRole('status', { name: 'Balance' })).toHaveTextContent('loading');
    expect(await screen.findByText('26000')).toBeInTheDocument();
    expect(screen.queryByText('500')).not.toBeInTheDocument();
    await waitFor(async () => expect(await readLastKnown('41')).toBeUndefined());
  });

  it('keeps showing what was kept, with its time and no error, when the service cannot be reached', async () => {
    await keptWallet('42', 500, 1_000);
    act(() => signInAs(customer(42)));
    const reads = handle('get', '/api/v1/starlink_user_wallet', () => HttpResponse.error());

    render(<Balance />, { wrapper: FreshDataCache });

    await waitFor(() => expect(reads).toHaveLength(1));
    expect(await screen.findByText('500')).toBeInTheDocument();
    expect(screen.getByText('kept 1000')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a fresh answer on screen with its time when a later read cannot reach the service', async () => {
    act(() => signInAs(customer(42)));
    let down = false;
    handle('get', '/api/v1/starlink_user_wallet', () => (down ? HttpResponse.error() : Response.json(wallet(900))));
    render(<Balance />, { wrapper: FreshDataCache });
    expect(await screen.findByText('900')).toBeInTheDocument();
    expect(screen.queryByText(/kept/)).not.toBeInTheDocument();

    down = true;
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByText(/kept \d+/)).toBeInTheDocument();
    expect(screen.getByText('900')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error when nothing was kept and the service cannot be reached', async () => {
    act(() => signInAs(customer(42)));
    handle('get', '/api/v1/starlink_user_wallet', () => HttpResponse.error());
    render(<Balance />, { wrapper: FreshDataCache });
    expect(await screen.findByRole('alert')).toHaveTextContent('No balance');
  });

  it('writes only the reads it is told to keep', async () => {
    act(() => signInAs(customer(42)));
    handle('get', '/api/v1/starlink_user_wallet', wallet(900));
    handle('get', '/api/v1/starlink_kits/3', { kit: { id: 3, kit_number: 'KIT-3', auto_renew: false } });
    render(
      <>
        <Balance />
        <KitName />
      </>,
      { wrapper: FreshDataCache },
    );
    expect(await screen.findByText('KIT-3')).toBeInTheDocument();
    expect(await screen.findByText('900')).toBeInTheDocument();
    await waitFor(async () => expect(Object.keys((await readLastKnown('42'))?.entries ?? {})).toEqual(['["wallet"]']));
  });

  it('forgets everything kept when the customer logs out', async () => {
    act(() => signInAs(customer(42)));
    handle('get', '/api/v1/starlink_user_wallet', wallet(900));
    render(<Balance />, { wrapper: FreshDataCache });
    expect(await screen.findByText('900')).toBeInTheDocument();
    await waitFor(async () => expect(await readLastKnown('42')).toBeDefined());

    act(() => sessionStore.getState().logout());

    await waitFor(async () => expect(await readLastKnown('42')).toBeUndefined());
  });
});
