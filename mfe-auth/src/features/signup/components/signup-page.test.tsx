import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths, sessionStore, storageKeys } from 'shared-api';
import { demoUser, handle } from 'shared-api/testing';
import { renderRoute } from '../../../test/render-route';
import { SignupPage } from './signup-page';

type User = ReturnType<typeof userEvent.setup>;

const renderSignup = () => renderRoute(<SignupPage />, { url: paths.signup, guest: true });
const submitButton = () => screen.getByRole('button', { name: 'Sign up' });

async function fillForm(user: User, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    'First name': 'Ada',
    'Middle name (optional)': 'Ngozi',
    'Last name': 'Okafor',
    Email: 'ada@example.com',
    'Phone number': '08012345678',
    'WhatsApp number': '08098765432',
    Password: 'secret123',
    'Confirm password': 'secret123',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (!value) continue;
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

const expectedBody = {
  starlink_user: {
    email: 'ada@example.com',
    password: 'secret123',
    confirm_password: 'secret123',
    phone_number: '+2348012345678',
    name: 'Ada Ngozi Okafor',
    whatsapp_number: '+2348098765432',
  },
};

// Filling eight fields is slow on a shared CI machine.
jest.setTimeout(20_000);

describe('SignupPage', () => {
  afterEach(() => jest.useRealTimers());

  it("offers exactly the spec's ten country codes in order, +234 NG by default, on both numbers", () => {
    renderSignup();
    for (const label of ['Phone number country code', 'WhatsApp number country code']) {
      const picker = screen.getByRole('combobox', { name: label });
      expect(picker).toHaveValue('+234');
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        '+234 NG',
        '+1 US',
        '+44 GB',
        '+91 IN',
        '+86 CN',
        '+27 ZA',
        '+254 KE',
        '+255 TZ',
        '+256 UG',
        '+251 ET',
      ]);
    }
  });

  it('labels every field with the autocomplete the browser needs', () => {
    renderSignup();
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    const autocomplete = (label: string) => screen.getByLabelText(label).getAttribute('autocomplete');
    expect(autocomplete('First name')).toBe('given-name');
    expect(autocomplete('Middle name (optional)')).toBe('additional-name');
    expect(autocomplete('Last name')).toBe('family-name');
    expect(autocomplete('Email')).toBe('email');
    expect(autocomplete('Phone number')).toBe('tel-national');
    expect(autocomplete('WhatsApp number')).toBe('tel-national');
    expect(autocomplete('Password')).toBe('new-password');
    expect(autocomplete('Confirm password')).toBe('new-password');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', paths.login);
  });

  it('checks every required field before sending, with the message next to it and focus on the first', async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/signup', {});
    renderSignup();
    await user.click(submitButton());

    expect(screen.getByLabelText('First name')).toHaveFocus();
    const expected: Record<string, string> = {
      'First name': 'First name is required',
      'Last name': 'Last name is required',
      Email: 'Email is required',
      'Phone number': 'Phone number is required',
      'WhatsApp number': 'WhatsApp number is required',
      Password: 'At least 6 characters. Password is required',
      'Confirm password': 'Confirm password is required',
    };
    for (const [label, message] of Object.entries(expected)) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText('Middle name (optional)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(7);
    expect(calls).toHaveLength(0);
  });

  it.each([
    {
      refused: 'moves focus to the first invalid field in screen order',
      typed: { 'WhatsApp number': '', 'Confirm password': '' },
      focused: 'WhatsApp number',
      said: 'Confirm password is required',
    },
    {
      refused: 'says "Passwords do not match" when they differ',
      typed: { 'Confirm password': 'secret124' },
      focused: 'Confirm password',
      said: 'Passwords do not match',
    },
  ])('$refused, and sends nothing', async ({ typed, focused, said }) => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/signup', {});
    renderSignup();
    await fillForm(user, typed);
    await user.click(submitButton());
    expect(screen.getByLabelText(focused)).toHaveFocus();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(said);
    expect(calls).toHaveLength(0);
  });

  it('refuses letters and short numbers in the phone and WhatsApp fields, saying why beside each, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/signup', {});
    renderSignup();
    await fillForm(user, { 'Phone number': '0803abc4567', 'WhatsApp number': '12' });
    await user.click(submitButton());
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveFocus();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Use digits only (spaces and hyphens are fine).');
    expect(screen.getByLabelText('WhatsApp number')).toHaveAccessibleDescription(
      'Enter 10 digits after +234 (a leading 0 is fine).',
    );
    expect(calls).toHaveLength(0);
  });

  it("holds the number to the chosen country code's length", async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/signup', { user: demoUser, token: 'jwt-s' }, { status: 201 });
    renderSignup();
    await fillForm(user, { 'WhatsApp number': '0712345678' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'WhatsApp number country code' }), '+254');
    await user.click(submitButton());
    expect(await screen.findByText('Sign up and login successful!')).toBeInTheDocument();
    expect(screen.getByLabelText('WhatsApp number')).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(1);
    expect((calls[0]!.body as typeof expectedBody).starlink_user.whatsapp_number).toBe('+254712345678');
  });

  it('asks for a password of at least 6 characters before the server does', async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/signup', {});
    renderSignup();
    await fillForm(user, { Password: 'abc', 'Confirm password': 'abc' });
    await user.click(submitButton());
    const password = screen.getByLabelText('Password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('At least 6 characters. Password must be at least 6 characters');
    expect(calls).toHaveLength(0);
  });

  it("clears a field's message once it is edited", async () => {
    const user = userEvent.setup();
    renderSignup();
    await user.click(submitButton());
    await user.type(screen.getByLabelText('First name'), 'A');
    expect(screen.getByLabelText('First name')).not.toHaveAccessibleDescription();
    expect(screen.getAllByRole('alert')).toHaveLength(6);
  });

  it('wraps the body in starlink_user, strips the leading 0 and joins the names; then stores the session and goes to /home after 1 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = handle(
      'post',
      '/api/v1/signup',
      { message: 'Sign up successful', user: demoUser, token: 'jwt-s' },
      { status: 201 },
    );
    renderSignup();
    await fillForm(user);
    await user.click(submitButton());

    expect(await screen.findByText('Sign up and login successful!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual(expectedBody);

    act(() => jest.advanceTimersByTime(850));
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');

    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByText('home page at /home')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBe('jwt-s');
    expect(JSON.parse(localStorage.getItem(storageKeys.userData) ?? 'null')).toEqual(demoUser);
  });

  it('leaves the middle name out, trims the names, and uses the chosen country codes', async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/signup', { user: demoUser, token: 'jwt-s' });
    renderSignup();
    await fillForm(user, {
      'First name': '  Ada ',
      'Middle name (optional)': '',
      'Last name': ' Okafor',
      'Phone number': '0201 234 5678',
      'WhatsApp number': '7012345678',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Phone number country code' }), '+44');
    await user.selectOptions(screen.getByRole('combobox', { name: 'WhatsApp number country code' }), '+1');
    await user.click(submitButton());
    await screen.findByText('Sign up and login successful!');
    expect(calls[0]?.body).toEqual({
      starlink_user: {
        ...expectedBody.starlink_user,
        name: 'Ada Okafor',
        phone_number: '+442012345678',
        whatsapp_number: '+17012345678',
      },
    });
  });

  it('logs in with the same email and password when the signup response has no token', async () => {
    const user = userEvent.setup();
    handle('post', '/api/v1/signup', { message: 'Account created' }, { status: 201 });
    const logins = handle('post', '/api/v1/login', { user: demoUser, token: 'jwt-l' });
    renderSignup();
    await fillForm(user);
    await user.click(submitButton());
    expect(await screen.findByText('Sign up and login successful!')).toBeInTheDocument();
    expect(logins).toHaveLength(1);
    expect(logins[0]?.body).toEqual({ starlink_user: { email: 'ada@example.com', password: 'secret123' } });
    expect(await screen.findByText('home page at /home', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(sessionStore.getState().token).toBe('jwt-l');
  });

  it('sends the customer to /login with the login message when that follow-up login fails', async () => {
    const user = userEvent.setup();
    handle('post', '/api/v1/signup', {}, { status: 201 });
    handle('post', '/api/v1/login', {}, { status: 500 });
    renderSignup();
    await fillForm(user);
    await user.click(submitButton());
    expect(
      await screen.findByText('Incorrect Email or Password. Please try again or create an account.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('login page at /login')).toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
  });

  it.each([
    ['the server message when signup fails', { message: 'Email has already been taken' }, 422, 'Email has already been taken'],
    ['the catalogued message when the server sends none', { error: 'not the message field' }, 500, 'Failed to sign up. Please try again.'],
  ])('shows %s, keeping the form as typed', async (_case, body, status, said) => {
    const user = userEvent.setup();
    handle('post', '/api/v1/signup', body, { status });
    renderSignup();
    await fillForm(user);
    await user.click(submitButton());
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  });

  it('sends one request on a double click, and nothing more while the redirect waits', async () => {
    const user = userEvent.setup();
    const calls = handle('post', '/api/v1/signup', { user: demoUser, token: 'jwt-s' }, { delayMs: 100 });
    renderSignup();
    await fillForm(user);
    await user.dblClick(submitButton());
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await screen.findByText('Sign up and login successful!');
    await user.click(submitButton());
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(calls).toHaveLength(1);
    expect(await screen.findByText('home page at /home', {}, { timeout: 2000 })).toBeInTheDocument();
  });
});
