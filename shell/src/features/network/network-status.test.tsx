import { act, render, screen } from '@testing-library/react';
import { http, showLastKnown } from 'shared-api';
import { handle, HttpResponse, signInAs } from 'shared-api/testing';
import { NetworkStatus } from './network-status';

function goOffline(offline: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

/** Today at hh:mm, in the phone's time zone. */
const todayAt = (hours: number, minutes: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), hours, minutes).getTime();
};
const DAY_MS = 24 * 60 * 60_000;

/** Last-known data put on screen by a test, taken off after it. */
const shown: (() => void)[] = [];
const show = (at: number) => {
  const gone = showLastKnown(at);
  shown.push(gone);
  return gone;
};

describe('the network status', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    act(() => shown.splice(0).forEach((gone) => gone()));
  });

  it('says nothing while online and everything shown is fresh', () => {
    render(<NetworkStatus />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the phone is offline, and when what is shown was read, until the network comes back', () => {
    render(<NetworkStatus />);
    let gone = () => undefined as void;
    act(() => {
      goOffline(true);
      gone = show(todayAt(0, 5));
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're offline. What you see was saved on this phone; the rest needs a connection. Updated 00:05.",
    );

    act(() => goOffline(false));
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated 00:05$/);

    act(() => gone());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('gives the time of the oldest last-known data on screen, with the day when it is not today', () => {
    render(<NetworkStatus />);
    const yesterday = todayAt(9, 0) - DAY_MS;
    act(() => {
      show(todayAt(0, 1));
      show(yesterday);
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated 09:00 yesterday$/);
  });

  it('says in a sentence that the service cannot be reached, and since when, while last-known data is shown', async () => {
    signInAs();
    render(<NetworkStatus />);
    act(() => void show(todayAt(14, 5) - DAY_MS));
    handle('get', '/api/v1/starlink_user_wallet', () => HttpResponse.error());
    await act(() => http.get('/api/v1/starlink_user_wallet').catch(() => undefined));
    expect(screen.getByRole('status')).toHaveTextContent(
      /^We can't reach the service\. Showing what we had at 14:05 yesterday\.$/,
    );

    handle('get', '/api/v1/starlink_user_wallet', { balance: 0 });
    await act(() => http.get('/api/v1/starlink_user_wallet'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated 14:05 yesterday$/);
  });
});
