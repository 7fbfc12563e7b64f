import { act, render, screen } from '@testing-library/react';
import { resetAreaReady, markAreaReady } from '../features/remotes/area-ready';
import { loadRemoteModule } from '../features/remotes/remote-loader';
import { EmailVerificationGate, GATE_MAX_DELAY_MS } from './email-verification-gate';

jest.mock('../features/remotes/remote-loader', () => ({ loadRemoteModule: jest.fn() }));
const load = jest.mocked(loadRemoteModule);

beforeEach(() => {
  resetAreaReady();
  load.mockResolvedValue({ default: () => <div role="dialog" aria-label="Email verification" /> } as never);
});

describe('the email verification gate (the profile area, mounted on protected screens)', () => {
  it('is fetched only after the screen’s own area has rendered', async () => {
    render(<EmailVerificationGate />);
    expect(load).not.toHaveBeenCalled();
    act(() => markAreaReady());
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('profile', './email-verification');
  });

  it('still comes when the area never renders (it failed to load)', async () => {
    jest.useFakeTimers();
    try {
      render(<EmailVerificationGate />);
      act(() => jest.advanceTimersByTime(GATE_MAX_DELAY_MS));
      expect(load).toHaveBeenCalledWith('profile', './email-verification');
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
  });
});
