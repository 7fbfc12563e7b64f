import { act, render, screen, waitFor } from '@testing-library/react';
import { handle, signInAs } from 'shared-api/testing';
import { resetEmailStatus } from 'shared-api/verification';
import { resetAreaReady, markAreaReady } from '../features/remotes/area-ready';
import { loadRemoteModule } from '../features/remotes/remote-loader';
import { EmailVerificationGate, GATE_MAX_DELAY_MS } from './email-verification-gate';

jest.mock('../features/remotes/remote-loader', () => ({ loadRemoteModule: jest.fn() }));
const load = jest.mocked(loadRemoteModule);
const STATUS = '/api/v1/starlink_users/check_confirmation_status';

beforeEach(() => {
  resetAreaReady();
  resetEmailStatus();
  signInAs();
  load.mockResolvedValue({ default: () => <div role="dialog" aria-label="Email verification" /> } as never);
});

describe('the email verification gate (the profile area, mounted on protected screens)', () => {
  it('asks the server and fetches the dialog only after the screen’s own area has rendered', async () => {
    const checks = handle('get', STATUS, { email_verified: false });
    render(<EmailVerificationGate />);
    expect(checks).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
    act(() => markAreaReady());
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('profile', './email-verification');
    expect(checks).toHaveLength(1);
  });

  it('never downloads the profile area for a customer whose email is verified', async () => {
    const checks = handle('get', STATUS, { email_verified: true });
    render(<EmailVerificationGate />);
    act(() => markAreaReady());
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
      render(<EmailVerificationGate />);
      act(() => jest.advanceTimersByTime(GATE_MAX_DELAY_MS));
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('profile', './email-verification');
  });
});
