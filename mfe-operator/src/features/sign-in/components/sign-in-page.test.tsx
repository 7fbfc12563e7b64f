import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle } from 'shared-api/testing';
import { renderStaffPage, staffPaths } from '../../../test-utils';
import { staffSession } from '../../../lib/staff-session';
import SignInExpose from '../../../exposes/sign-in';

const member = { id: 1, email: 'fin@reseller.example', role: 'finance', enrolled: true, created_at: '2026-03-01T09:00:00Z' };

async function fillIn(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByLabelText('Email'), 'fin@reseller.example');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.type(screen.getByRole('textbox', { name: /Authenticator code/ }), code);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('staff sign-in', () => {
  it('sends the password and the code, keeps the staff session apart from a customer one, and opens the transfers', async () => {
    const user = userEvent.setup();
    const sent = handle('post', '/api/v1/staff/sessions', { staff: member, token: 'new-staff-token', idle_minutes: 30 }, { status: 201 });
    renderStaffPage(<SignInExpose />, staffPaths.signIn);
    expect(screen.getByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    await fillIn(user, '123456');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(staffPaths.transfers));
    expect(sent[0]!.body).toEqual({ email: 'fin@reseller.example', password: 'correct horse battery', code: '123456' });
    expect(staffSession.get()).toEqual({ token: 'new-staff-token', email: 'fin@reseller.example', role: 'finance' });
    // The customer's keys (what the shell's guard reads) stay empty.
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('userData')).toBeNull();
  });

  it('asks for six digits before calling the server', async () => {
    const user = userEvent.setup();
    const sent = handle('post', '/api/v1/staff/sessions', {}, { status: 201 });
    renderStaffPage(<SignInExpose />, staffPaths.signIn);
    await fillIn(user, '12a4');
    expect(await screen.findByText('Enter the 6 digits your authenticator app shows.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal and empties the code, which works only once", async () => {
    const user = userEvent.setup();
    handle('post', '/api/v1/staff/sessions', { message: 'Incorrect email, password or code.' }, { status: 401 });
    renderStaffPage(<SignInExpose />, staffPaths.signIn);
    await fillIn(user, '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email, password or code.');
    expect(screen.getByRole('textbox', { name: /Authenticator code/ })).toHaveValue('');
    expect(staffSession.get()).toBeNull();
  });
});
