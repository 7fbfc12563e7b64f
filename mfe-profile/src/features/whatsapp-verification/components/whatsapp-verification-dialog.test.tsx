import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-api';
import { demoUser, handle, HttpResponse, signInAs } from 'shared-api/testing';
import { serviceUnreachable } from 'shared-api/texts';
import { renderScreen } from '../../../test-utils';
import { WhatsappVerificationDialog } from './whatsapp-verification-dialog';

const CONFIRM = '/api/v1/whatsapp_confirmations/confirm_user_whatsapp';

function setup() {
  signInAs({ ...demoUser, whatsapp_verified: false });
  const onClose = jest.fn();
  renderScreen(<WhatsappVerificationDialog onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Phone/WhatsApp verification' });
  return { user: userEvent.setup(), dialog, onClose };
}

async function enterCodeAndVerify(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, code = '123456') {
  await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), code);
  await user.click(within(dialog).getByRole('button', { name: 'Verify WhatsApp number' }));
}

describe('WhatsappVerificationDialog', () => {
  it('sends the code with an empty POST and shows an inline status', async () => {
    const sent = handle('post', '/api/v1/whatsapp_confirmations', { message: 'sent' });
    const { user, dialog } = setup();
    expect(dialog).toHaveTextContent('+234 801 234 5678');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    // The dialog also holds the (empty) live region its toasts appear in: the inline status is the one with the text.
    expect(await within(dialog).findByText('Verification code sent to your WhatsApp.')).toHaveAttribute('role', 'status');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBeUndefined();
  });

  it('sends one request for a double click', async () => {
    const sent = handle('post', '/api/v1/whatsapp_confirmations', {}, { delayMs: 50 });
    const { user, dialog } = setup();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('Verification code sent to your WhatsApp.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('says "Failed to send verification code. Please try again." when sending fails', async () => {
    handle('post', '/api/v1/whatsapp_confirmations', {}, { status: 500 });
    const { user, dialog } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Failed to send verification code. Please try again.')).toBeInTheDocument();
  });

  it('opens with the focus on Send code, not the code box (no keyboard over it), then moves to the code once sent', async () => {
    handle('post', '/api/v1/whatsapp_confirmations', { message: 'sent' });
    const { user, dialog } = setup();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByText('Verification code sent to your WhatsApp.');
    expect(within(dialog).getByRole('textbox', { name: 'Verification code' })).toHaveFocus();
  });

  it('says the service cannot be reached, not that sending failed, when no answer comes', async () => {
    handle('post', '/api/v1/whatsapp_confirmations', () => HttpResponse.error());
    const { user, dialog } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(serviceUnreachable)).toBeInTheDocument();
    expect(screen.queryByText('Failed to send verification code. Please try again.')).not.toBeInTheDocument();
  });

  it('takes at most 6 characters in the code input', async () => {
    const { user, dialog } = setup();
    const input = within(dialog).getByRole('textbox', { name: 'Verification code' });
    await user.type(input, '9876543');
    expect(input).toHaveValue('987654');
  });

  it('verifies with the code in the query and stores whatsapp_verified', async () => {
    const confirmed = handle('put', CONFIRM, { success: true });
    const { user, dialog, onClose } = setup();
    await enterCodeAndVerify(user, dialog, '246810');
    expect(await screen.findByText('WhatsApp number verified successfully!')).toBeInTheDocument();
    expect(confirmed[0]!.url.searchParams.get('code')).toBe('246810');
    expect(onClose).toHaveBeenCalled();
    expect(sessionStore.getState().user).toEqual({ ...demoUser, whatsapp_verified: true });
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ whatsapp_verified: true });
  });

  it('stores the user the server returns', async () => {
    handle('put', CONFIRM, {
      success: true,
      user: { ...demoUser, whatsapp_number: '+2348099990000', whatsapp_verified: true },
    });
    const { user, dialog } = setup();
    await enterCodeAndVerify(user, dialog);
    expect(await screen.findByText('WhatsApp number verified successfully!')).toBeInTheDocument();
    expect(sessionStore.getState().user).toMatchObject({ whatsapp_number: '+2348099990000', whatsapp_verified: true });
  });

  it('says "Invalid verification code. Please try again." when success is false', async () => {
    handle('put', CONFIRM, { success: false });
    const { user, dialog, onClose } = setup();
    await enterCodeAndVerify(user, dialog);
    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(sessionStore.getState().user?.whatsapp_verified).toBe(false);
  });

  it('treats a 422 rejection with success false as an invalid code', async () => {
    handle('put', CONFIRM, { success: false, message: 'Invalid verification code' }, { status: 422 });
    const { user, dialog } = setup();
    await enterCodeAndVerify(user, dialog);
    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeInTheDocument();
  });

  it('says "Failed to verify WhatsApp number. Please try again." when the request fails', async () => {
    handle('put', CONFIRM, {}, { status: 500 });
    const { user, dialog } = setup();
    await enterCodeAndVerify(user, dialog);
    expect(await screen.findByText('Failed to verify WhatsApp number. Please try again.')).toBeInTheDocument();
    expect(sessionStore.getState().user?.whatsapp_verified).toBe(false);
  });
});
