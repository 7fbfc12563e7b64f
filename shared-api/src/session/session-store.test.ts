import { createSessionStore } from './session-store';
import { demoUser } from '../../testing';

describe('session store', () => {
  it('persists to exactly the spec local storage keys', () => {
    const store = createSessionStore();
    store.getState().signIn('tok', demoUser);
    store.getState().setWalletId(42);
    store.getState().setTempKitNumber('KIT-9');
    store.getState().setPayment({ amount: '120000', fundingId: '7', reference: 'REF-1', method: 'offline' });
    expect({ ...localStorage }).toEqual({
      token: 'tok',
      userData: JSON.stringify(demoUser),
      starlink_walletId: '42',
      tempKitNumber: 'KIT-9',
      PaymentAmount: '120000',
      fundingId: '7',
      reference: 'REF-1',
      method: 'offline',
    });
  });

  it('hydrates from local storage, so a reload keeps the session and the payment in progress', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('userData', JSON.stringify(demoUser));
    localStorage.setItem('reference', 'REF-2');
    const state = createSessionStore().getState();
    expect(state.token).toBe('tok');
    expect(state.user).toEqual(demoUser);
    expect(state.payment.reference).toBe('REF-2');
  });

  it('logout clears all local storage', () => {
    localStorage.setItem('something-else', 'x');
    const store = createSessionStore();
    store.getState().signIn('tok', demoUser);
    store.getState().logout();
    expect(localStorage.length).toBe(0);
    expect(store.getState()).toMatchObject({ token: null, user: null });
  });

  it("remembers whose Payment Details were shown across a reload, until the payment ends or the customer logs out", () => {
    const store = createSessionStore();
    store.getState().setPayment({ amount: '57000', fundingId: '9', reference: 'REF-9', method: 'offline' });
    store.getState().markPaymentClosed('9');
    expect(localStorage.getItem('paymentDetailsClosed')).toBe('9');
    expect(createSessionStore().getState().paymentClosedFor).toBe('9');

    store.getState().clearPayment();
    expect(createSessionStore().getState().paymentClosedFor).toBeNull();

    store.getState().markPaymentClosed('10');
    store.getState().logout();
    expect(createSessionStore().getState().paymentClosedFor).toBeNull();
  });

  it('survives corrupt userData', () => {
    localStorage.setItem('userData', '{not json');
    expect(createSessionStore().getState().user).toBeNull();
  });
});
