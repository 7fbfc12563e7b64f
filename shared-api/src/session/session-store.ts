import { createStore } from 'zustand/vanilla';
import { storageKeys } from '../storage-keys';
import { connectHttpSession } from '../http/client';
import type { User } from '../types';
import { clearAll, readItem, readJson, writeItem } from './storage';

/** The funding in progress, kept under the spec's keys so a reload during payment loses nothing. */
export interface PendingPayment {
  amount: string | null;
  fundingId: string | null;
  reference: string | null;
  method: string | null;
}

export interface SessionState {
  token: string | null;
  user: User | null;
  walletId: string | null;
  tempKitNumber: string | null;
  payment: PendingPayment;
  /**
   * The funding whose Payment Details the customer closed ("Pay later"): they do not open by themselves again for it,
   * on any page load of this browser ("Pay later" means later).
   */
  paymentClosedFor: string | null;
  /** Set when the API rejected the stored token; the shell tells the customer and goes to /login. */
  expired: boolean;
  signIn: (token: string, user: User) => void;
  setUser: (user: User) => void;
  setWalletId: (walletId: string | number | null) => void;
  setTempKitNumber: (kitNumber: string | null) => void;
  setPayment: (payment: Partial<PendingPayment>) => void;
  clearPayment: () => void;
  markPaymentClosed: (fundingId: string) => void;
  /** Spec: logout clears all local storage. */
  logout: () => void;
  expire: () => void;
  acknowledgeExpiry: () => void;
}

type SessionData = Pick<SessionState, 'token' | 'user' | 'walletId' | 'tempKitNumber' | 'payment' | 'paymentClosedFor'>;

/**
 * Beyond spec section 3's keys: which funding's Payment Details the customer closed. In local storage like the payment
 * itself (a new tab or tomorrow's visit must not reopen them either), and cleared with it at logout.
 */
export const PAYMENT_CLOSED_KEY = 'paymentDetailsClosed';

const paymentKeys = {
  amount: storageKeys.paymentAmount,
  fundingId: storageKeys.fundingId,
  reference: storageKeys.reference,
  method: storageKeys.method,
} as const;

function readPersisted(): SessionData {
  return {
    token: readItem(storageKeys.token),
    user: readJson<User>(storageKeys.userData),
    walletId: readItem(storageKeys.walletId),
    tempKitNumber: readItem(storageKeys.tempKitNumber),
    payment: {
      amount: readItem(paymentKeys.amount),
      fundingId: readItem(paymentKeys.fundingId),
      reference: readItem(paymentKeys.reference),
      method: readItem(paymentKeys.method),
    },
    paymentClosedFor: readItem(PAYMENT_CLOSED_KEY),
  };
}

const emptyPayment: PendingPayment = { amount: null, fundingId: null, reference: null, method: null };

export function createSessionStore() {
  const store = createStore<SessionState>()((set, get) => ({
    ...readPersisted(),
    expired: false,
    signIn: (token, user) => {
      writeItem(storageKeys.token, token);
      writeItem(storageKeys.userData, JSON.stringify(user));
      set({ token, user, expired: false });
    },
    setUser: (user) => {
      writeItem(storageKeys.userData, JSON.stringify(user));
      set({ user });
    },
    setWalletId: (walletId) => {
      const value = walletId === null ? null : String(walletId);
      writeItem(storageKeys.walletId, value);
      set({ walletId: value });
    },
    setTempKitNumber: (kitNumber) => {
      writeItem(storageKeys.tempKitNumber, kitNumber);
      set({ tempKitNumber: kitNumber });
    },
    setPayment: (payment) => {
      const next = { ...get().payment, ...payment };
      for (const field of Object.keys(paymentKeys) as (keyof PendingPayment)[]) {
        writeItem(paymentKeys[field], next[field]);
      }
      set({ payment: next });
    },
    clearPayment: () => {
      get().setPayment(emptyPayment);
      writeItem(PAYMENT_CLOSED_KEY, null);
      set({ paymentClosedFor: null });
    },
    markPaymentClosed: (fundingId) => {
      if (get().paymentClosedFor === fundingId) return;
      writeItem(PAYMENT_CLOSED_KEY, fundingId);
      set({ paymentClosedFor: fundingId });
    },
    logout: () => {
      clearAll();
      set({ token: null, user: null, walletId: null, tempKitNumber: null, payment: emptyPayment, paymentClosedFor: null });
    },
    expire: () => {
      if (!get().token && !get().user) return;
      get().logout();
      set({ expired: true });
    },
    acknowledgeExpiry: () => set({ expired: false }),
  }));

  // Another tab logged in or out: follow it, so two tabs never disagree about who is signed in.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.storageArea === localStorage) store.setState(readPersisted());
    });
  }
  // The reads kept on this device for a repeat visit (shared-api/data) leave with the session, here or in another tab;
  // the module comes only when a session ends, so no page's start-up carries it.
  store.subscribe((state, previous) => {
    if (previous.token && !state.token) {
      void import('../data/last-known-db').then(({ clearLastKnown }) => clearLastKnown()).catch(() => undefined);
    }
  });
  return store;
}

/**
 * The one session store. shared-api is a Module Federation singleton, so the shell and every remote
 * import this same instance.
 */
export const sessionStore = createSessionStore();

// The API client sends this session's token and ends it when the API refuses it (http/client.ts says why it is linked).
connectHttpSession({ token: () => sessionStore.getState().token, expire: () => sessionStore.getState().expire() });
