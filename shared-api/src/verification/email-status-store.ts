import { useEffect } from 'react';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
// Through the package: the one session store (this module is part of `shared-api/verification`, a singleton of its own).
import { sessionStore, useSession } from 'shared-api';
import { verificationApi } from '../endpoints/verification';
import { readItem, writeItem } from '../session/storage';

/**
 * `unknown`: not asked yet; `failed`: the check did not answer, so nothing is shown (the dialog is an
 * extra and must never get in the way of the page).
 */
export type EmailStatus = 'unknown' | 'checking' | 'unverified' | 'verified' | 'failed';

export const DISMISS_KEY = 'profile.emailVerificationDismissed';

interface EmailStatusState {
  /** The token the status belongs to: a new sign-in asks again. */
  token: string | null;
  status: EmailStatus;
  /** Dismissed for this browser session by this user (kept in sessionStorage, keyed by user id). */
  dismissed: boolean;
}

/**
 * Whether the signed-in customer's email still needs verifying: one check per sign-in and page load. Here, not in
 * the profile area that owns the dialog, so the shell can ask first and download the profile area's dialog only
 * for customers who will see it (most are verified and never do).
 */
export const emailStatusStore = createStore<EmailStatusState>()(() => ({
  token: null,
  status: 'unknown',
  dismissed: false,
}));

/** Servers differ in how they spell a boolean; anything unrecognised shows nothing. */
function statusFrom(value: unknown): EmailStatus {
  if (value === true || value === 'true' || value === 1 || value === '1') return 'verified';
  if (value === false || value === 'false' || value === 0 || value === '0') return 'unverified';
  return 'failed';
}

let pending: Promise<void> | null = null;

/** Ask the server once for this token; later calls with the same token do nothing. */
export function ensureEmailStatus(token: string | null, userId: string | null): Promise<void> {
  const state = emailStatusStore.getState();
  if (!token) {
    if (state.token !== null) emailStatusStore.setState({ token: null, status: 'unknown', dismissed: false });
    return Promise.resolve();
  }
  if (state.token === token && state.status !== 'unknown') return pending ?? Promise.resolve();

  emailStatusStore.setState({
    token,
    status: 'checking',
    dismissed: userId !== null && readItem(DISMISS_KEY, 'session') === userId,
  });
  const request = verificationApi
    .emailStatus()
    .then(
      (data) => statusFrom(data?.email_verified),
      () => 'failed' as const,
    )
    .then((status: EmailStatus) => {
      // The customer may have signed out or in as someone else while we waited.
      if (emailStatusStore.getState().token === token) emailStatusStore.setState({ status });
    })
    .finally(() => {
      if (pending === request) pending = null;
    });
  pending = request;
  return request;
}

export function setEmailVerified(verified: boolean): void {
  emailStatusStore.setState({ status: verified ? 'verified' : 'unverified' });
}

/**
 * The customer changed their email: a new address usually needs proving, so the dialog may offer itself again even
 * if the old address's reminder was dismissed. `verified` is the server's word on the new address when its answer
 * gave one; without it the server is asked.
 */
export function recheckEmailStatus(verified?: boolean): Promise<void> {
  const { token, user } = sessionStore.getState();
  writeItem(DISMISS_KEY, null, 'session');
  pending = null;
  if (typeof verified === 'boolean') {
    emailStatusStore.setState({ token, status: verified ? 'verified' : 'unverified', dismissed: false });
    return Promise.resolve();
  }
  emailStatusStore.setState({ token: null, status: 'unknown', dismissed: false });
  return ensureEmailStatus(token, idOf(user?.id));
}

function idOf(raw: unknown): string | null {
  return raw === undefined || raw === null ? null : String(raw);
}

/** Dismissed for this browser session by the signed-in customer. */
export function dismissEmailVerification(userId: string | null = idOf(sessionStore.getState().user?.id)): void {
  if (userId !== null) writeItem(DISMISS_KEY, userId, 'session');
  emailStatusStore.setState({ dismissed: true });
}

/** For tests: forget everything, as a fresh page load would. */
export function resetEmailStatus(): void {
  pending = null;
  emailStatusStore.setState({ token: null, status: 'unknown', dismissed: false });
}

export function useEmailStatus<T>(selector: (state: EmailStatusState) => T): T {
  return useStore(emailStatusStore, selector);
}

/**
 * Whether the signed-in customer should see the email verification dialog now. Once `enabled`, asks the server
 * (once per sign-in: again after signing in as someone else); false until it has answered `unverified`.
 */
export function useEmailVerificationNeeded(enabled = true): boolean {
  const token = useSession((s) => s.token);
  const userId = idOf(useSession((s) => s.user?.id));
  useEffect(() => {
    if (enabled) void ensureEmailStatus(token, userId);
  }, [enabled, token, userId]);
  const needed = useEmailStatus((s) => s.token === token && s.status === 'unverified' && !s.dismissed);
  return enabled && token !== null && needed;
}
