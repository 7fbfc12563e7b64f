import { sessionStore } from 'shared-api';
import { expectSpecCall, handle, signInAs, type SpecCall } from 'shared-api/testing';
import { confirmEmail, sendEmailCode } from '../../email-verification/api/email-code';
import { confirmWhatsapp, sendWhatsappCode } from '../../whatsapp-verification/api/whatsapp-code';
import { changeEmail, changePhoneNumber, changeWhatsappNumber } from './change-contact';
import { logout } from './logout';

/** Spec section 7, the profile area's rows. */
const cases: SpecCall[] = [
  { name: 'send email code', method: 'post', path: '/api/v1/email_confirmations', auth: true, call: () => sendEmailCode(), body: undefined },
  { name: 'confirm email', method: 'put', path: '/api/v1/email_confirmations/confirm_user_email', auth: true, call: () => confirmEmail('123456'), query: { code: '123456' } },
  { name: 'send WhatsApp code', method: 'post', path: '/api/v1/whatsapp_confirmations', auth: true, call: () => sendWhatsappCode(), body: undefined },
  { name: 'confirm WhatsApp', method: 'put', path: '/api/v1/whatsapp_confirmations/confirm_user_whatsapp', auth: true, call: () => confirmWhatsapp('654321'), query: { code: '654321' }, response: { success: true } },
  { name: 'email change', method: 'put', path: '/api/v1/starlink_users/email_change_request', auth: true, call: () => changeEmail('n@b.co', 'pw-1'), body: { starlink_user_profile: { profile_param: 'n@b.co', current_password: 'pw-1' } } },
  { name: 'phone change', method: 'put', path: '/api/v1/starlink_users/phone_number_change_request', auth: true, call: () => changePhoneNumber('+2347', 'pw-1'), body: { starlink_user_profile: { profile_param: '+2347', current_password: 'pw-1' } } },
  { name: 'WhatsApp change', method: 'put', path: '/api/v1/starlink_users/whatsapp_number_change_request', auth: true, call: () => changeWhatsappNumber('+2346', 'pw-1'), body: { starlink_user_profile: { profile_param: '+2346', current_password: 'pw-1' } } },
];

describe("the profile area's calls (spec section 7)", () => {
  it.each(cases)('$name: $method $path', (call) => expectSpecCall(call));

  it('logout (not in section 7): POST /api/v1/logout with the token it is given, even once the session is cleared', async () => {
    signInAs(undefined, 'tok');
    const calls = handle('post', '/api/v1/logout', { message: 'Logged out' });
    const request = logout('tok');
    sessionStore.getState().logout();
    await request;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toBeUndefined();
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
  });
});
