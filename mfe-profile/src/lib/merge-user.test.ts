import { demoUser, signInAs } from 'shared-api/testing';
import { sessionStore } from 'shared-api';
import { updateStoredUser } from './merge-user';

describe('updateStoredUser', () => {
  it('takes the server user, keeping fields it left out', () => {
    signInAs();
    updateStoredUser({ email: 'new@example.com', email_verified: false }, { email: 'ignored@example.com' });
    expect(sessionStore.getState().user).toEqual({ ...demoUser, email: 'new@example.com', email_verified: false });
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ email: 'new@example.com' });
  });

  it('keeps the change for a field the server user left out', () => {
    signInAs({ ...demoUser, whatsapp_verified: true });
    updateStoredUser({ whatsapp_number: '+2348066666666' }, { whatsapp_number: '+2348066666666', whatsapp_verified: false });
    expect(sessionStore.getState().user).toMatchObject({ whatsapp_number: '+2348066666666', whatsapp_verified: false });
  });

  it('merges only the change when the server sent no user', () => {
    signInAs();
    updateStoredUser(undefined, { phone_number: '+2348099999999' });
    expect(sessionStore.getState().user).toEqual({ ...demoUser, phone_number: '+2348099999999' });
  });
});
