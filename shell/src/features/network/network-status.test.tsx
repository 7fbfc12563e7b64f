import { act, render, screen } from '@testing-library/react';
import { showLastKnown } from 'shared-api';
import { clockTime, NetworkStatus } from './network-status';

function goOffline(offline: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

describe('the network status', () => {
  afterEach(() => jest.restoreAllMocks());

  it('says nothing while online and everything shown is fresh', () => {
    render(<NetworkStatus />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the phone is offline, and when what is shown was read, until the network comes back', () => {
    render(<NetworkStatus />);
    const at = new Date(2026, 10, 27, 9, 5).getTime();
    let gone = () => undefined as void;
    act(() => {
      goOffline(true);
      gone = showLastKnown(at);
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're offline. What you see was saved on this phone; the rest needs a connection. Updated 09:05.",
    );

    act(() => goOffline(false));
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated 09:05$/);

    act(() => gone());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('gives the time of the oldest last-known data on screen', () => {
    render(<NetworkStatus />);
    const nine = new Date(2026, 10, 27, 9, 0).getTime();
    act(() => {
      showLastKnown(nine + 60 * 60_000);
      showLastKnown(nine);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Updated 09:00');
  });

  it('writes the time as a 24-hour clock', () => {
    expect(clockTime(new Date(2026, 0, 1, 17, 3).getTime())).toBe('17:03');
  });
});
