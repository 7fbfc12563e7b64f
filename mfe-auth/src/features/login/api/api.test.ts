import { expectSpecCall, type SpecCall } from 'shared-api/testing';
import { requestPasswordReset } from '../../forgot-password/api/request-password-reset';
import { resetPassword } from '../../reset-password/api/reset-password';
import { signup } from '../../signup/api/signup';
import { login } from './login';

const user = { id: 1, name: 'A B', email: 'a@b.co', phone_number: '+234', whatsapp_number: '+234', created_at: '' };
const newCustomer = { email: 'a@b.co', password: 'p', confirm_password: 'p', phone_number: '+2348', name: 'A B', whatsapp_number: '+2349' };

/** Spec section 7, the auth area's rows: none carries the bearer token, even with a session stored. */
const cases: SpecCall[] = [
  { name: 'signup', method: 'post', path: '/api/v1/signup', auth: false, call: () => signup(newCustomer), body: { starlink_user: newCustomer } },
  { name: 'login', method: 'post', path: '/api/v1/login', auth: false, call: () => login({ email: 'a@b.co', password: 'p' }), body: { starlink_user: { email: 'a@b.co', password: 'p' } }, response: { user, token: 't' } },
  { name: 'password reset request', method: 'post', path: '/api/v1/password_resets', auth: false, call: () => requestPasswordReset('a@b.co'), body: { email: 'a@b.co' } },
  { name: 'password reset', method: 'put', path: '/api/v1/password_resets/tok-1', auth: false, call: () => resetPassword('tok-1', 'secret1'), body: { password: 'secret1' } },
];

describe("the auth area's calls (spec section 7)", () => {
  it.each(cases)('$name: $method $path', (call) => expectSpecCall(call));
});
