import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from 'shared-api';
import { handle } from 'shared-api/testing';
import { expectLoginAfterToast } from '../../../test/login-after-toast';
import { renderRoute } from '../../../test/render-route';
import { ForgotPasswordPage } from './forgot-password-page';

const renderPage = () => renderRoute(<ForgotPasswordPage />, { url: paths.forgotPassword });
const sendButton = () => screen.getByRole('button', { name: 'Send reset link' });

describe('ForgotPasswordPage', () => {
  afterEach(() => jest.useRealTimers());

  it('requires an email before sending, with focus on the field', async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/password_resets', {});
    renderPage();
    expect(screen.getByRole('form', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', paths.login);
    await user.click(sendButton());
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(calls).toHaveLength(0);
  });

  it('sends {email}, toasts for 3 s and goes to /login 3 s after success', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = handle('post', '/api/v1/password_resets', { message: 'If the account exists, a link was sent.' });
    renderPage();
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.click(sendButton());

    expect(await screen.findByText('Reset link has been sent to your email!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com' });

    expectLoginAfterToast('Forgot password', sendButton, 'Reset link has been sent to your email!');
  });

  it("shows the server's error field when the request fails", async () => {
    const user = userEvent.setup();
    handle('post', '/api/v1/password_resets', { message: 'Bad request', error: 'Email is invalid' }, { status: 400 });
    renderPage();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.click(sendButton());
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.queryByText('Bad request')).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it('falls back to the catalogued message, shown for 3 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    handle('post', '/api/v1/password_resets', { message: 'Only a message' }, { status: 500 });
    renderPage();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(sendButton());
    expect(await screen.findByText('Failed to send reset link. Please try again.')).toBeInTheDocument();
    // Dismissed at 3 s, then removed after its exit animation.
    act(() => jest.advanceTimersByTime(3100));
    act(() => jest.advanceTimersByTime(1100));
    expect(screen.queryByText('Failed to send reset link. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('sends one request on a double click', async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/password_resets', {}, { status: 500, delayMs: 100 });
    renderPage();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.dblClick(sendButton());
    expect(sendButton()).toHaveAttribute('aria-disabled', 'true');
    await screen.findByText('Failed to send reset link. Please try again.');
    expect(calls).toHaveLength(1);
  });
});
