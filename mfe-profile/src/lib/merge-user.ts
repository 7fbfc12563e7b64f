import { sessionStore, type User } from 'shared-api';

/**
 * Apply the change that succeeded, then whatever the server says the user now is on top: the server's word wins
 * for every field it sent, and a field it left out keeps the change rather than the old value.
 */
export function updateStoredUser(serverUser: unknown, change: Partial<User>): void {
  const current = sessionStore.getState().user;
  if (!current) return;
  const fromServer = typeof serverUser === 'object' && serverUser !== null ? (serverUser as Partial<User>) : {};
  const next = { ...current, ...change, ...fromServer };
  sessionStore.getState().setUser(next);
}
