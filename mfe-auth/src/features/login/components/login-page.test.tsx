import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths, sessionStore, storageKeys } from 'shared-api';
import { demoUser, handle, HttpResponse } from 'shared-api/testing';
import { serviceUnreachable } from 'shared-api/texts';
import { renderRoute } from '../../../test/render-route';
import { LoginPage } from './login-page';

const renderLogin = () => renderRoute(<LoginPage />, { url: paths.login, guest: true });

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  email = 'ada@example.com',
  password = 'secret123',
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  afterEach(() => jest.useRealTimers());

  it('is a labelled form with autocomplete hints and links to forgot-password and signup', () => {
    renderLogin();
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', paths.forgotPassword);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', paths.signup);
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('requires email and password before sending, focusing the first missing one', async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/login', { token: 't', user: demoUser });
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getAllByRole('alert')).toHaveLength(2);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('sends starlink_user {email, password}, says "Login successful!", and stores the session and goes to /home after 2 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = handle('post', '/api/v1/login', { token: 'jwt-1', user: demoUser, message: 'Login successful' });
    renderLogin();
    await fillAndSubmit(user, '  ada@example.com ');

    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ starlink_user: { email: 'ada@example.com', password: 'secret123' } });
    expect(calls[0]?.headers.get('authorization')).toBeNull();

    // The shell's guard would leave /login as soon as a token exists: the session waits for the delay.
    act(() => jest.advanceTimersByTime(1800));
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('aria-disabled', 'true');

    act(() => jest.advanceTimersByTime(300));
    expect(screen.getByText('home page at /home')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem(storageKeys.userData) ?? 'null')).toEqual(demoUser);
    expect(sessionStore.getState().user).toEqual(demoUser);
  });

  it('still stores the session, without navigating, when the customer leaves during the delay', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    handle('post', '/api/v1/login', { token: 'jwt-1', user: demoUser });
    renderLogin();
    await fillAndSubmit(user);
    await screen.findByText('Login successful!');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByText('forgot-password page at /forgot-password')).toBeInTheDocument();
    expect(sessionStore.getState().token).toBe('jwt-1');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByText('forgot-password page at /forgot-password')).toBeInTheDocument();
  });

  it.each([
    ['the server message when login fails', { message: 'Invalid email or password' }, 401, 'Invalid email or password'],
    ['the catalogued message when the server sends none', {}, 500, 'Incorrect Email or Password. Please try again or create an account.'],
    [
      "the portal server's own words when its proxy answers for an API that is down",
      { message: "We can't reach the portal's service right now." },
      502,
      "We can't reach the portal's service right now.",
    ],
  ])('shows %s, and stays signed out with Log in enabled', async (_case, body, status, said) => {
    const user = userEvent.setup();
    handle('post', '/api/v1/login', body, { status });
    renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(sessionStore.getState().token).toBeNull();
  });

  it.each([
    ['no answer comes', () => HttpResponse.error()],
    ['a gateway answers 502 with no message', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })],
    ['a gateway answers 503 with no message', () => new HttpResponse(null, { status: 503 })],
    ['a gateway answers 504 with no message', () => HttpResponse.json({}, { status: 504 })],
  ])('says the service cannot be reached, never that the password is wrong, when %s', async (_case, answer) => {
    const user = userEvent.setup();
    handle('post', '/api/v1/login', answer);
    renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText(serviceUnreachable)).toBeInTheDocument();
    expect(screen.queryByText('Incorrect Email or Password. Please try again or create an account.')).not.toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
  });

  it('sends one request on a double click and keeps the button busy while it is in flight', async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/login', { message: 'nope' }, { status: 401, delayMs: 100 });
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.dblClick(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('nope')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
