import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, routerFuture } from 'shared-ui/router';
import { sessionStore } from 'shared-api';
import { emailStatusStore, setEmailVerified } from 'shared-api/verification';
import { demoUser, handle, HttpResponse, signInAs } from 'shared-api/testing';
import { renderScreen } from '../../../test-utils';
import { EmailVerificationGate } from '../../email-verification/components/email-verification-gate';
import { ProfilePage } from './profile-page';

const USERS = '/api/v1/starlink_users';

function setup(user = demoUser) {
  signInAs(user);
  renderScreen(<ProfilePage />);
  return userEvent.setup();
}

beforeEach(() => {
  // The spec's server: no money-message settings (their own tests serve them).
  handle('get', '/api/v1/notification_preferences', { message: 'Not Found' }, { status: 404 });
});

/** The password each contact change asks for (beyond the spec); with `submit`, Enter sends the dialog from it. */
async function fillPassword(user: ReturnType<typeof userEvent.setup>, submit = false) {
  await user.type(screen.getByLabelText('Current password'), `secret123${submit ? '{Enter}' : ''}`);
}

/** Opens a contact's edit dialog by its button (`edit`, which also names the dialog); the dialog and its text box. */
async function openEdit(user: ReturnType<typeof userEvent.setup>, edit: string, label: string) {
  await user.click(screen.getByRole('button', { name: edit }));
  const dialog = screen.getByRole('dialog', { name: edit });
  return { dialog, input: within(dialog).getByRole('textbox', { name: label }) };
}

/** Types `value` over what `input` holds. */
async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.type(input, value);
}

function row(label: string) {
  return screen.getByText(label, { selector: 'dt' }).parentElement!;
}

describe('ProfilePage', () => {
  it('shows name, email, phone, WhatsApp and the join date', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(row('Name')).toHaveTextContent('Ada Demo Okafor');
    expect(row('Email')).toHaveTextContent('demo@example.com');
    // Grouped for reading, as the customer would write it.
    expect(row('Phone number')).toHaveTextContent('+234 801 234 5678');
    expect(row('WhatsApp number')).toHaveTextContent('+234 801 234 5678');
    expect(row('Joined')).toHaveTextContent('3rd Mar 2026');
  });

  describe('edit email', () => {
    it('sends starlink_user_profile {profile_param} (the new email), updates the page and the stored user', async () => {
      const calls = handle('put', `${USERS}/email_change_request`, {
        message: 'Email updated successfully',
        user: { ...demoUser, email: 'new@example.com', email_verified: false },
      });
      const user = setup();
      const { dialog, input } = await openEdit(user, 'Edit email', 'Email');
      expect(input).toHaveAttribute('type', 'email');
      expect(input).toBeRequired();
      expect(input).toHaveValue('demo@example.com');
      expect(input).toHaveFocus();
      await retype(user, input, 'new@example.com');
      await fillPassword(user);
      await user.click(within(dialog).getByRole('button', { name: 'Save email' }));

      expect(await screen.findByText('Email updated successfully')).toBeInTheDocument();
      expect(calls).toHaveLength(1);
      expect(calls[0]!.body).toEqual({ starlink_user_profile: { profile_param: 'new@example.com', current_password: 'secret123' } });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(row('Email')).toHaveTextContent('new@example.com');
      expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({
        email: 'new@example.com',
        email_verified: false,
      });
      // The server says the new address is unproven: the profile offers to verify it.
      expect(emailStatusStore.getState().status).toBe('unverified');
      expect(screen.getByRole('button', { name: 'Verify email' })).toBeInTheDocument();
    });

    it('merges only the email when the server returns no user, and asks the server whether it is verified', async () => {
      handle('put', `${USERS}/email_change_request`, {});
      const checks = handle('get', `${USERS}/check_confirmation_status`, { email_verified: false });
      const user = setup();
      act(() => setEmailVerified(true));
      expect(row('Email')).toHaveTextContent('Verified');
      const { input } = await openEdit(user, 'Edit email', 'Email');
      await retype(user, input, 'other@example.com');
      await fillPassword(user, true);
      expect(await screen.findByText('Email updated successfully!')).toBeInTheDocument();
      expect(sessionStore.getState().user).toEqual({ ...demoUser, email: 'other@example.com' });
      // The old address was verified; the new one is not, by the server's answer.
      expect(await screen.findByRole('button', { name: 'Verify email' })).toBeInTheDocument();
      expect(row('Email')).not.toHaveTextContent(/^Verified$/);
      expect(checks).toHaveLength(1);
    });

    it.each([
      ['says in its answer that the new address is unverified', { user: { ...demoUser, email: 'new@example.com', email_verified: false } }],
      ['answers without saying, and is asked', {}],
    ])('offers the verification dialog again for a new address when the server %s', async (_how, answer) => {
      const checks = handle('get', `${USERS}/check_confirmation_status`, { email_verified: false });
      handle('put', `${USERS}/email_change_request`, answer);
      signInAs();
      renderScreen(
        <>
          <ProfilePage />
          <EmailVerificationGate />
        </>,
      );
      const user = userEvent.setup();
      const reminder = await screen.findByRole('dialog', { name: 'Email verification' });
      await user.click(within(reminder).getByRole('button', { name: 'Not now' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      const { input } = await openEdit(user, 'Edit email', 'Email');
      await retype(user, input, 'new@example.com');
      await fillPassword(user, true);
      const again = await screen.findByRole('dialog', { name: 'Email verification' });
      expect(again).toHaveTextContent('new@example.com');
      expect(checks.length).toBe('user' in answer ? 1 : 2);
    });

    it("shows the server's refusal of a wrong password and keeps the dialog open", async () => {
      handle('put', `${USERS}/email_change_request`, { message: 'Your current password is not correct.', error: 'Incorrect password' }, { status: 422 });
      const user = setup();
      await user.click(screen.getByRole('button', { name: 'Edit email' }));
      await user.clear(screen.getByRole('textbox', { name: 'Email' }));
      await user.type(screen.getByRole('textbox', { name: 'Email' }), 'new@example.com');
      await fillPassword(user, true);
      expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Edit email' })).toBeInTheDocument();
      expect(sessionStore.getState().user?.email).toBe('demo@example.com');
    });

    it('shows the server message on failure and keeps what was typed', async () => {
      handle('put', `${USERS}/email_change_request`, { message: 'Email has already been taken' }, { status: 422 });
      const user = setup();
      const { input } = await openEdit(user, 'Edit email', 'Email');
      await retype(user, input, 'taken@example.com');
      await fillPassword(user, true);
      expect(await screen.findByText('Email has already been taken')).toBeInTheDocument();
      expect(input).toHaveValue('taken@example.com');
      expect(sessionStore.getState().user?.email).toBe('demo@example.com');
    });

    it('sends one request for a double click', async () => {
      const calls = handle('put', `${USERS}/email_change_request`, {}, { delayMs: 50 });
      const user = setup();
      await user.click(screen.getByRole('button', { name: 'Edit email' }));
      await fillPassword(user);
      await user.dblClick(screen.getByRole('button', { name: 'Save email' }));
      // The message moves out of the dialog as the dialog closes: look for it once the dialog is gone.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText('Email updated successfully!')).toBeInTheDocument();
      expect(calls).toHaveLength(1);
    });
  });

  describe('edit phone number', () => {
    it('prefills the country code, strips a leading 0 and sends starlink_user_profile {profile_param} (the new phone_number)', async () => {
      const calls = handle('put', `${USERS}/phone_number_change_request`, {
        message: 'Phone number updated successfully',
      });
      const user = setup();
      const { dialog, input } = await openEdit(user, 'Edit phone number', 'Phone number');
      expect(input).toHaveAttribute('type', 'tel');
      expect(input).toBeRequired();
      expect(input).toHaveValue('8012345678');
      expect(within(dialog).getByRole('combobox', { name: 'Phone number country code' })).toHaveValue('+234');

      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Phone number country code' }), '+44');
      await retype(user, input, '07700900123');
      await fillPassword(user);
      await user.click(within(dialog).getByRole('button', { name: 'Save phone number' }));

      expect(await screen.findByText('Phone number updated successfully')).toBeInTheDocument();
      expect(calls[0]!.body).toEqual({ starlink_user_profile: { profile_param: '+447700900123', current_password: 'secret123' } });
      expect(row('Phone number')).toHaveTextContent('+44 770 090 0123');
      expect(sessionStore.getState().user?.phone_number).toBe('+447700900123');
    });

    it('saves a stored number whose country code is not offered as it is, not under a second code', async () => {
      const calls = handle('put', `${USERS}/phone_number_change_request`, {});
      const user = setup({ ...demoUser, phone_number: '+491512345678' });
      await user.click(screen.getByRole('button', { name: 'Edit phone number' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit phone number' });
      expect(within(dialog).getByRole('textbox', { name: 'Phone number' })).toHaveValue('+491512345678');
      await fillPassword(user);
      await user.click(within(dialog).getByRole('button', { name: 'Save phone number' }));
      expect(await screen.findByText('Phone number updated successfully!')).toBeInTheDocument();
      expect(calls[0]!.body).toEqual({ starlink_user_profile: { profile_param: '+491512345678', current_password: 'secret123' } });
    });

    it('refuses letters and a number too short for its country code, beside the field, and sends nothing', async () => {
      const calls = handle('put', `${USERS}/phone_number_change_request`, {});
      const user = setup();
      const { dialog, input } = await openEdit(user, 'Edit phone number', 'Phone number');
      await retype(user, input, '0803abc4567');
      await fillPassword(user);
      await user.click(within(dialog).getByRole('button', { name: 'Save phone number' }));
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Use digits only (spaces and hyphens are fine).');
      await retype(user, input, '0712345');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Phone number country code' }), '+254');
      await user.click(within(dialog).getByRole('button', { name: 'Save phone number' }));
      expect(input).toHaveAccessibleDescription('Enter 9 digits after +254 (a leading 0 is fine).');
      expect(input).toHaveFocus();
      expect(calls).toHaveLength(0);
    });

  });

  describe('edit WhatsApp number', () => {
    it('sends starlink_user_profile {profile_param} (the new whatsapp_number) and stores the returned user', async () => {
      const calls = handle('put', `${USERS}/whatsapp_number_change_request`, {
        user: { ...demoUser, whatsapp_number: '+2348055555555', whatsapp_verified: false },
      });
      const user = setup({ ...demoUser, whatsapp_verified: true });
      const { input } = await openEdit(user, 'Edit WhatsApp number', 'WhatsApp number');
      await retype(user, input, '08055555555');
      await fillPassword(user, true);
      expect(await screen.findByText('WhatsApp number updated successfully!')).toBeInTheDocument();
      expect(calls[0]!.body).toEqual({ starlink_user_profile: { profile_param: '+2348055555555', current_password: 'secret123' } });
      expect(row('WhatsApp number')).toHaveTextContent('+234 805 555 5555');
      expect(row('WhatsApp number')).toHaveTextContent('Not verified');
    });

    it('marks a new WhatsApp number unverified when the server returns no user', async () => {
      handle('put', `${USERS}/whatsapp_number_change_request`, {});
      const user = setup({ ...demoUser, whatsapp_verified: true });
      expect(row('WhatsApp number')).toHaveTextContent('Verified');
      const { input } = await openEdit(user, 'Edit WhatsApp number', 'WhatsApp number');
      await retype(user, input, '08066666666');
      await fillPassword(user, true);
      expect(await screen.findByText('WhatsApp number updated successfully!')).toBeInTheDocument();
      expect(row('WhatsApp number')).toHaveTextContent('Not verified');
      expect(screen.getByRole('button', { name: 'Verify WhatsApp number' })).toBeInTheDocument();
    });

    it('shows the server message on failure', async () => {
      handle('put', `${USERS}/whatsapp_number_change_request`, { message: 'Invalid phone number' }, { status: 400 });
      const user = setup();
      await user.click(screen.getByRole('button', { name: 'Edit WhatsApp number' }));
      await fillPassword(user);
      await user.click(screen.getByRole('button', { name: 'Save WhatsApp number' }));
      expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    });
  });

  // What the three contact edits share (one dialog logic): the value and the current password required, the fallback failure.
  describe.each([
    { label: 'Email', edit: 'Edit email', save: 'Save email', path: 'email_change_request', failed: 'Failed to update email' },
    { label: 'Phone number', edit: 'Edit phone number', save: 'Save phone number', path: 'phone_number_change_request', failed: 'Failed to update phone number' },
    {
      label: 'WhatsApp number',
      edit: 'Edit WhatsApp number',
      save: 'Save WhatsApp number',
      path: 'whatsapp_number_change_request',
      failed: 'Failed to update WhatsApp number',
    },
  ])('$edit', ({ label, edit, save, path, failed }) => {
    it('requires a value, beside its field, and sends nothing without one', async () => {
      const calls = handle('put', `${USERS}/${path}`, {});
      const user = setup();
      const { input } = await openEdit(user, edit, label);
      await user.clear(input);
      await fillPassword(user);
      await user.click(screen.getByRole('button', { name: save }));
      expect(screen.getByRole('alert')).toHaveTextContent(`${label} is required.`);
      expect(input).toHaveAccessibleDescription(`${label} is required.`);
      expect(input).toHaveFocus();
      expect(calls).toHaveLength(0);
    });

    it('asks for the current password, beside its field, and sends nothing without it', async () => {
      const calls = handle('put', `${USERS}/${path}`, {});
      const user = setup();
      await user.click(screen.getByRole('button', { name: edit }));
      const password = screen.getByLabelText('Current password');
      expect(password).toHaveAttribute('type', 'password');
      expect(password).toHaveAttribute('autocomplete', 'current-password');
      expect(password).toBeRequired();
      await user.click(screen.getByRole('button', { name: save }));
      expect(password).toHaveAccessibleDescription(expect.stringContaining('Enter your current password.'));
      expect(password).toHaveFocus();
      expect(calls).toHaveLength(0);
    });

    it(`falls back to "${failed}" and keeps the dialog open`, async () => {
      handle('put', `${USERS}/${path}`, {}, { status: 500 });
      const user = setup();
      await user.click(screen.getByRole('button', { name: edit }));
      await fillPassword(user, true);
      expect(await screen.findByText(failed)).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: edit })).toBeInTheDocument();
    });
  });

  describe('WhatsApp verification', () => {
    it('offers Verify next to an unverified number and opens the dialog', async () => {
      const user = setup({ ...demoUser, whatsapp_verified: false });
      expect(row('WhatsApp number')).toHaveTextContent('Not verified');
      await user.click(screen.getByRole('button', { name: 'Verify WhatsApp number' }));
      expect(screen.getByRole('dialog', { name: 'Phone/WhatsApp verification' })).toBeInTheDocument();
    });

    it('shows Verified, and no Verify button, for a verified number', () => {
      setup({ ...demoUser, whatsapp_verified: true });
      expect(row('WhatsApp number')).toHaveTextContent('Verified');
      expect(screen.queryByRole('button', { name: 'Verify WhatsApp number' })).not.toBeInTheDocument();
    });

    it('marks the number verified on the page after a successful code', async () => {
      handle('put', '/api/v1/whatsapp_confirmations/confirm_user_whatsapp', { success: true });
      const user = setup({ ...demoUser, whatsapp_verified: false });
      await user.click(screen.getByRole('button', { name: 'Verify WhatsApp number' }));
      await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456{Enter}');
      expect(await screen.findByText('WhatsApp number verified successfully!')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Verify WhatsApp number' })).not.toBeInTheDocument();
    });
  });

  it('offers email verification when the status check said unverified', async () => {
    const user = setup();
    act(() => setEmailVerified(false));
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(screen.getByRole('dialog', { name: 'Email verification' })).toBeInTheDocument();
  });

  it('returns focus to the button that opened a dialog', async () => {
    const user = setup();
    const edit = screen.getByRole('button', { name: 'Edit phone number' });
    await user.click(edit);
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });

  describe('log out', () => {
    /** Taps Log out; the customer must end up on /login with nothing stored, whatever the server did. */
    async function logOutAndExpectLoginPage() {
      const user = setup();
      localStorage.setItem('starlink_walletId', 'W-1');
      await user.click(screen.getByRole('button', { name: 'Log out' }));
      expect(await screen.findByRole('heading', { name: 'Log in page' })).toBeInTheDocument();
      expect(localStorage.length).toBe(0);
      expect(sessionStore.getState().token).toBeNull();
      expect(sessionStore.getState().user).toBeNull();
    }

    it('ends the session on the server with one request carrying the token, clears all local storage and goes to /login', async () => {
      const calls = handle('post', '/api/v1/logout', { message: 'Logged out' });
      await logOutAndExpectLoginPage();
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]!.headers.get('authorization')).toBe('Bearer test-token');
    });

    it.each([
      ['404 from a server without the route', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })],
      ['401 for a token already ended', () => HttpResponse.json({ message: 'Session expired or invalid.' }, { status: 401 })],
      ['a network failure', () => HttpResponse.error()],
    ])('still clears all local storage and goes to /login after %s', async (_name, answer) => {
      const calls = handle('post', '/api/v1/logout', answer);
      await logOutAndExpectLoginPage();
      await waitFor(() => expect(calls).toHaveLength(1));
      // No retry, and no session-expired notice: the customer asked to leave.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls).toHaveLength(1);
      expect(sessionStore.getState().expired).toBe(false);
    });

    it('does not wait for a server that has not answered yet', async () => {
      let answer: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const calls = handle('post', '/api/v1/logout', async () => {
        await answered;
        return HttpResponse.json({ message: 'Logged out' });
      });
      await logOutAndExpectLoginPage();
      await waitFor(() => expect(calls).toHaveLength(1));
      answer();
    });
  });
});

describe('ProfilePage frame', () => {
  it('renders the same frame ahead of time (no session) and on hydration, then shows the details', async () => {
    const page = (
      <MemoryRouter initialEntries={['/profile']} future={routerFuture}>
        <ProfilePage />
      </MemoryRouter>
    );
    act(() => sessionStore.getState().logout());
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    signInAs();
    document.body.append(container);
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your details…');
    expect(screen.queryByText('demo@example.com')).not.toBeInTheDocument();
    const labels = () => screen.getAllByRole('term', { hidden: true }).map((term) => term.textContent);
    const frameLabels = labels();

    const onRecoverableError = jest.fn();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(row('Email')).toHaveTextContent('demo@example.com');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The frame holds the details' own rows, so nothing moves when they arrive.
    expect(labels()).toEqual(frameLabels);
    act(() => root?.unmount());
    container.remove();
  });
});
