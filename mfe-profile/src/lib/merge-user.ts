import { sessionStore, type User } from 'shared-api';

/**
 * Store what the server says the user now is, keeping any field it left out; without a user in the
 * response, apply only the change we know succeeded.
 */
export function updateStoredUser(serverUser: unknown, change: Partial<User>): void {
  const current = sessionStore.getState().user;
  if (!current) return;
  const fromServer = typeof serverUser === 'object' && serverUser !== null ? (serverUser as Partial<User>) : null;
  const next = fromServer ? { ...current, ...fromServer } : { ...current, ...change };
  sessionStore.getState().setUser(next);
}
