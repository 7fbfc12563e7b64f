import { act, render, screen, waitFor } from '@testing-library/react';
import { handle, signInAs } from 'shared-api/testing';
import { resetEmailStatus } from 'shared-api/verification';
import { resetAreaReady, markAreaReady } from '../features/remotes/area-ready';
import { loadRemoteModule } from '../features/remotes/remote-loader';
import { MemoryRouter, routerFuture } from 'shared-ui/router';
import { EmailVerificationGate, GATE_MAX_DELAY_MS } from './email-verification-gate';

jest.mock('../features/remotes/remote-loader', () => ({ loadRemoteModule: jest.fn() }));
const load = jest.mocked(loadRemoteModule);
const STATUS = '/api/v1/starlink_users/check_confirmation_status';

/** The gate on the screen at /home, whose location key is `home`. */
function renderGate() {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/home', key: 'home' }]} future={routerFuture}>
      <EmailVerificationGate />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetAreaReady();
  resetEmailStatus();
  signInAs();
  load.mockResolvedValue({ default: () => <div role="dialog" aria-label="Email verification" /> } as never);
});

describe('the email verification gate (the profile area, mounted on protected screens)', () => {
  it('asks the server and fetches the dialog only after the screen’s own area has rendered', async () => {
    const checks = handle('get', STATUS, { email_verified: false });
    renderGate();
    expect(checks).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
    act(() => markAreaReady('home'));
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('profile', './email-verification');
    expect(checks).toHaveLength(1);
  });

  it('waits for its own screen’s area, not the one an earlier screen rendered (the login page before /home)', async () => {
    const checks = handle('get', STATUS, { email_verified: false });
    act(() => markAreaReady('login'));
    renderGate();
    // Give a wrongly armed gate the chance to ask before asserting it did not.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(checks).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => markAreaReady('home'));
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
  });

  it('opens at once on a screen whose area rendered before the gate mounted', async () => {
    handle('get', STATUS, { email_verified: false });
    act(() => markAreaReady('home'));
    renderGate();
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
  });

  it('never downloads the profile area for a customer whose email is verified', async () => {
    const checks = handle('get', STATUS, { email_verified: true });
    renderGate();
    act(() => markAreaReady('home'));
    await waitFor(() => expect(checks).toHaveLength(1));
    // Give a wrongly issued load the chance to happen before asserting it did not.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still comes when the area never renders (it failed to load)', async () => {
    handle('get', STATUS, { email_verified: false });
    jest.useFakeTimers();
    try {
      renderGate();
      act(() => jest.advanceTimersByTime(GATE_MAX_DELAY_MS));
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('profile', './email-verification');
  });
});
