import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle } from 'shared-api/testing';
import { renderStaffPage, staffPaths } from '../../../test-utils';
import { staffSession } from '../../../lib/staff-session';
import EnrolExpose from '../../../exposes/enrol';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const enrolment = { email: 'fin@reseller.example', role: 'finance', secret: SECRET, otpauth_uri: `otpauth://totp/Portal:fin%40reseller.example?secret=${SECRET}&issuer=Portal` };
const member = { id: 1, email: 'fin@reseller.example', role: 'finance', enrolled: true, created_at: '2026-03-01T09:00:00Z' };

describe('enrolment', () => {
  it('shows the authenticator as a QR code and as text, then sets the password with a first code and signs in', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/staff/enrolments/link-token', enrolment);
    const done = handle('post', '/api/v1/staff/enrolments/link-token', { staff: member, token: 'staff-token-1', idle_minutes: 30 }, { status: 201 });
    renderStaffPage(<EnrolExpose />, `${staffPaths.enrol}?token=link-token`);
    expect(await screen.findByText('You are enrolling fin@reseller.example as finance.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^New password/), 'a long staff password');
    await user.type(screen.getByLabelText('Repeat the password'), 'a long staff password');
    await user.type(screen.getByRole('textbox', { name: 'Authenticator code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(staffPaths.transfers));
    expect(done[0]!.body).toEqual({ password: 'a long staff password', code: '654321' });
    expect(staffSession.get()?.token).toBe('staff-token-1');
  });

  it('refuses a short password and passwords that differ before calling the server', async () => {
    const user = userEvent.setup();
    handle('get', '/api/v1/staff/enrolments/link-token', enrolment);
    const done = handle('post', '/api/v1/staff/enrolments/link-token', {}, { status: 201 });
    renderStaffPage(<EnrolExpose />, `${staffPaths.enrol}?token=link-token`);
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText('Repeat the password'), 'other');
    await user.type(screen.getByRole('textbox', { name: 'Authenticator code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
    expect(await screen.findByText('The password must be at least 12 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(done).toHaveLength(0);
  });

  it("says why when the link is used or expired (the server's words)", async () => {
    handle('get', '/api/v1/staff/enrolments/used-token', { message: 'This enrolment link was used or has expired. Ask an admin for a new one.' }, { status: 404 });
    renderStaffPage(<EnrolExpose />, `${staffPaths.enrol}?token=used-token`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This enrolment link was used or has expired. Ask an admin for a new one.');
  });

  it('says a link is needed when the page has none', () => {
    renderStaffPage(<EnrolExpose />, staffPaths.enrol);
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the enrolment link you were sent. Ask an admin for one.');
  });
});
