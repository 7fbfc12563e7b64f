import { useSyncExternalStore } from 'react';

export type StaffRole = 'support' | 'finance' | 'admin';

export interface StaffSession {
  token: string;
  email: string;
  role: StaffRole;
}

/**
 * The staff session, kept under a key of its own: the customer's `token` and `userData` (what the shell's guard and
 * navbar read) are never touched, so a staff sign-in never makes the shell think a customer is signed in, nor the
 * other way round. Local storage, so a second tab stays signed in; the server ends it after 30 idle minutes.
 */
export const STAFF_SESSION_KEY = 'portal_staff_session';

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: StaffSession | null } = { raw: null, session: null };

function read(): StaffSession | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STAFF_SESSION_KEY);
  } catch {
    // Storage refused (private mode): no session.
  }
  if (raw === cached.raw) return cached.session;
  let session: StaffSession | null = null;
  try {
    const value = raw ? (JSON.parse(raw) as Partial<StaffSession>) : null;
    if (value && typeof value.token === 'string' && typeof value.email === 'string' && ['support', 'finance', 'admin'].includes(String(value.role))) {
      session = { token: value.token, email: value.email, role: value.role as StaffRole };
    }
  } catch {
    session = null;
  }
  cached = { raw, session };
  return session;
}

const notify = () => listeners.forEach((listener) => listener());

export const staffSession = {
  get: read,
  set(session: StaffSession) {
    window.localStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(session));
    notify();
  },
  clear() {
    window.localStorage.removeItem(STAFF_SESSION_KEY);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    // Another tab signing in or out.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STAFF_SESSION_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(staffSession.subscribe, read, () => null);
}

/** What each role may do, as the API enforces it (api/README.md, "Staff"): the screens offer only what works. */
export const can = {
  decide: (role: StaffRole) => role === 'finance' || role === 'admin',
  readAudit: (role: StaffRole) => role === 'finance' || role === 'admin',
  setPrice: (role: StaffRole) => role === 'admin',
};
