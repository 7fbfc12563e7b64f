import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from 'shared-api';
import { handle, HttpResponse } from 'shared-api/testing';
import { serviceUnreachable } from 'shared-api/texts';
import { expectLoginAfterToast } from '../../../test/login-after-toast';
import { renderRoute } from '../../../test/render-route';
import { ResetPasswordPage } from './reset-password-page';

const renderPage = (url = `${paths.resetPassword}?token=abc123`) =>
  renderRoute(<ResetPasswordPage />, { url, path: paths.resetPassword });
const resetButton = () => screen.getByRole('button', { name: 'Reset password' });

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password) {
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('ResetPasswordPage', () => {
  afterEach(() => jest.useRealTimers());

  it.each([paths.resetPassword, `${paths.resetPassword}?token=`])(
    'shows "Invalid reset link" and no form when the token is missing (%s)',
    (url) => {
      renderPage(url);
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid reset link');
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
        'href',
        paths.forgotPassword,
      );
    },
  );

  it('requires both fields, with autocomplete for a new password and focus on the first', async () => {
    const user = userEvent.setup();
    const calls = handle('put', '/api/v1/password_resets/abc123', {});
    renderPage();
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('autocomplete', 'new-password');
    await user.click(resetButton());
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 6 characters. New password is required',
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Confirm password is required');
    expect(calls).toHaveLength(0);
  });

  it.each([
    {
      refused: 'needs at least 6 characters in both fields',
      typed: ['12345', '12345'],
      focused: 'New password',
      said: {
        'New password': 'At least 6 characters. New password must be at least 6 characters',
        'Confirm password': 'Confirm password must be at least 6 characters',
      },
    },
    {
      refused: 'says "Passwords do not match" when they differ',
      typed: ['123456', '1234567'],
      focused: 'Confirm password',
      said: { 'Confirm password': 'Passwords do not match' },
    },
  ])('$refused, and sends nothing', async ({ typed: [password, confirm], focused, said }) => {
    const user = userEvent.setup();
    const calls = handle('put', '/api/v1/password_resets/abc123', {});
    renderPage();
    await fill(user, password!, confirm);
    await user.click(resetButton());
    for (const [label, description] of Object.entries(said)) expect(screen.getByLabelText(label)).toHaveAccessibleDescription(description);
    expect(screen.getByLabelText(focused)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("sends {password} to the token's URL, toasts for 3 s and goes to /login after 3 s", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = handle('put', '/api/v1/password_resets/abc123', { message: 'Password has been reset successfully' });
    renderPage();
    await fill(user, '123456');
    await user.click(resetButton());

    expect(await screen.findByText('Password has been reset successfully!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/api/v1/password_resets/abc123');
    expect(calls[0]?.body).toEqual({ password: '123456' });

    expectLoginAfterToast('Reset password', resetButton, 'Password has been reset successfully!');
  });

  it("shows the server's error field when the reset fails", async () => {
    const user = userEvent.setup();
    handle('put', '/api/v1/password_resets/abc123', { error: 'Token has expired', message: 'Nope' }, { status: 422 });
    renderPage();
    await fill(user, '123456');
    await user.click(resetButton());
    expect(await screen.findByText('Token has expired')).toBeInTheDocument();
    expect(resetButton()).toBeEnabled();
  });

  it('offers a new reset link once the API turns a used or expired link down, and only then', async () => {
    const user = userEvent.setup();
    handle('put', '/api/v1/password_resets/abc123', { error: 'Reset link is invalid or has expired' }, { status: 422 });
    renderPage();
    expect(screen.queryByRole('link', { name: 'Request a new reset link' })).not.toBeInTheDocument();
    await fill(user, '123456');
    await user.click(resetButton());
    expect(await screen.findByText('Reset link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', paths.forgotPassword);
  });

  it('says the service cannot be reached when no answer comes, and blames no link', async () => {
    const user = userEvent.setup();
    handle('put', '/api/v1/password_resets/abc123', () => HttpResponse.error());
    renderPage();
    await fill(user, '123456');
    await user.click(resetButton());
    expect(await screen.findByText(serviceUnreachable)).toBeInTheDocument();
    expect(screen.queryByText('Failed to reset password. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a new reset link' })).not.toBeInTheDocument();
  });

  it('falls back to the catalogued message', async () => {
    const user = userEvent.setup();
    handle(
      'put',
      '/api/v1/password_resets/abc123',
      { message: 'Reset link is invalid or has expired' },
      { status: 422 },
    );
    renderPage();
    await fill(user, '123456');
    await user.click(resetButton());
    expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
  });

  it('sends one request on a double click', async () => {
    const user = userEvent.setup();
    const calls = handle('put', '/api/v1/password_resets/abc123', {}, { status: 500, delayMs: 100 });
    renderPage();
    await fill(user, '123456');
    await user.dblClick(resetButton());
    expect(resetButton()).toHaveAttribute('aria-disabled', 'true');
    await screen.findByText('Failed to reset password. Please try again.');
    expect(calls).toHaveLength(1);
  });
});
