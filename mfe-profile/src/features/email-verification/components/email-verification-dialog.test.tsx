import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-api';
import { emailStatusStore } from 'shared-api/verification';
import { demoUser, handle, signInAs } from 'shared-api/testing';
import { renderScreen } from '../../../test-utils';
import { EmailVerificationDialog } from './email-verification-dialog';

function setup() {
  signInAs({ ...demoUser, email_verified: false });
  const onClose = jest.fn();
  const onVerified = jest.fn();
  renderScreen(<EmailVerificationDialog onClose={onClose} onVerified={onVerified} />);
  const dialog = screen.getByRole('dialog', { name: 'Email verification' });
  return { user: userEvent.setup(), dialog, onClose, onVerified };
}

describe('EmailVerificationDialog', () => {
  it('sends the code with an empty POST and says so', async () => {
    const sent = handle('post', '/api/v1/email_confirmations', { message: 'OTP sent to your email' });
    const { user, dialog } = setup();
    expect(dialog).toHaveTextContent('demo@example.com');

    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('OTP sent to your email!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBeUndefined();
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer test-token');
    expect(within(dialog).getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('focuses Send code, not the code box, until a code was sent; then the code box', async () => {
    handle('post', '/api/v1/email_confirmations', { message: 'OTP sent to your email' });
    const { user, dialog } = setup();
    // The code box would raise a phone's keyboard for a code that does not exist yet.
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await screen.findByText('OTP sent to your email!');
    expect(within(dialog).getByRole('textbox', { name: 'Verification code' })).toHaveFocus();
  });

  it('shows "Failed to send OTP." when sending fails', async () => {
    handle('post', '/api/v1/email_confirmations', { message: 'boom' }, { status: 500 });
    const { user, dialog } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Failed to send OTP.')).toBeInTheDocument();
  });

  it('sends one request for a double click', async () => {
    const sent = handle('post', '/api/v1/email_confirmations', {}, { delayMs: 50 });
    const { user, dialog } = setup();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('OTP sent to your email!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('takes at most 6 characters in the code input', async () => {
    const { user, dialog } = setup();
    const input = within(dialog).getByRole('textbox', { name: 'Verification code' });
    await user.type(input, '12345678');
    expect(input).toHaveValue('123456');
    expect(input).toHaveAttribute('maxLength', '6');
  });

  it('asks for the full code before sending anything', async () => {
    const { user, dialog } = setup();
    const input = within(dialog).getByRole('textbox', { name: 'Verification code' });
    await user.type(input, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Verify email' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the 6-character code.');
    expect(input).toHaveAccessibleDescription('Enter the 6-character code.');
    expect(input).toHaveFocus();
  });

  it('confirms the code in the query, then marks the email verified', async () => {
    const confirmed = handle('put', '/api/v1/email_confirmations/confirm_user_email', {});
    const { user, dialog, onVerified, onClose } = setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify email' }));

    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.url.searchParams.get('code')).toBe('654321');
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(sessionStore.getState().user?.email_verified).toBe(true);
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ email_verified: true });
    expect(emailStatusStore.getState().status).toBe('verified');
  });

  it('shows "Failed to verify code. Please try again." on a wrong code and stays open', async () => {
    handle(
      'put',
      '/api/v1/email_confirmations/confirm_user_email',
      { message: 'Invalid verification code' },
      { status: 422 },
    );
    const { user, dialog, onVerified } = setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '000000');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Failed to verify code. Please try again.')).toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();
    expect(sessionStore.getState().user?.email_verified).toBe(false);
  });

  it('closes with "Not now" and with Escape', async () => {
    const { user, dialog, onClose } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
