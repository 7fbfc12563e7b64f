import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useKit, useMarkStale, useWallet } from 'shared-api/data';
import { sessionStore } from '../session/session-store';
import { FreshDataCache, handle, signInAs } from '../../testing';

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

describe('the data layer', () => {
  it('reads the wallet again when the customer comes back to the tab', async () => {
    signInAs();
    const reads = serveBalances(1000, 26000);
    renderWithCache(<Balance />);
    expect(await screen.findByText('1000')).toBeInTheDocument();

    // jsdom's page is never visible; the customer switches away from the tab and back.
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
    });

    expect(await screen.findByText('26000')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it('reads the wallet again when the network comes back', async () => {
    signInAs();
    const reads = serveBalances(1000, 26000);
    renderWithCache(<Balance />);
    expect(await screen.findByText('1000')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });

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
});
