import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-api';
import { DISMISS_KEY, emailStatusStore } from 'shared-api/verification';
import { demoUser, handle, signInAs } from 'shared-api/testing';
import { renderScreen } from '../../../test-utils';
import { EmailVerificationGate } from './email-verification-gate';

const STATUS = '/api/v1/starlink_users/check_confirmation_status';

describe('EmailVerificationGate', () => {
  it('opens the dialog when the server says the email is not verified', async () => {
    const checks = handle('get', STATUS, { email_verified: false });
    signInAs();
    renderScreen(<EmailVerificationGate />);
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
    expect(checks).toHaveLength(1);
    expect(checks[0]!.headers.get('authorization')).toBe('Bearer test-token');
  });

  it('renders nothing when the email is verified', async () => {
    const checks = handle('get', STATUS, { email_verified: true });
    signInAs();
    renderScreen(<EmailVerificationGate />);
    await waitFor(() => expect(emailStatusStore.getState().status).toBe('verified'));
    expect(checks).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renders nothing when the check fails', async () => {
    const checks = handle('get', STATUS, { message: 'down' }, { status: 500 });
    signInAs();
    renderScreen(<EmailVerificationGate />);
    await waitFor(() => expect(emailStatusStore.getState().status).toBe('failed'));
    expect(checks).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renders nothing and asks nothing without a session', () => {
    renderScreen(<EmailVerificationGate />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks once per page load however often the shell remounts it', async () => {
    const checks = handle('get', STATUS, { email_verified: false });
    signInAs();
    const { unmount } = renderScreen(<EmailVerificationGate />);
    await screen.findByRole('dialog', { name: 'Email verification' });
    unmount();
    renderScreen(<EmailVerificationGate />);
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
    expect(checks).toHaveLength(1);
  });

  it('stays closed for the session once dismissed, even when remounted', async () => {
    handle('get', STATUS, { email_verified: false });
    signInAs();
    const user = userEvent.setup();
    const { unmount } = renderScreen(<EmailVerificationGate />);
    const dialog = await screen.findByRole('dialog', { name: 'Email verification' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(DISMISS_KEY)).toBe(String(demoUser.id));
    expect(localStorage.getItem(DISMISS_KEY)).toBeNull();
    unmount();
    renderScreen(<EmailVerificationGate />);
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks again for a new sign-in', async () => {
    const checks = handle('get', STATUS, { email_verified: false });
    signInAs();
    renderScreen(<EmailVerificationGate />);
    await screen.findByRole('dialog', { name: 'Email verification' });
    act(() => sessionStore.getState().logout());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => signInAs({ ...demoUser, id: 2 }, 'other-token'));
    expect(await screen.findByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
    expect(checks).toHaveLength(2);
    expect(checks[1]!.headers.get('authorization')).toBe('Bearer other-token');
  });

  it('closes for good once the email is verified', async () => {
    handle('get', STATUS, { email_verified: false });
    handle('put', '/api/v1/email_confirmations/confirm_user_email', {});
    signInAs();
    const user = userEvent.setup();
    renderScreen(<EmailVerificationGate />);
    const dialog = await screen.findByRole('dialog', { name: 'Email verification' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(DISMISS_KEY)).toBeNull();
  });
});
