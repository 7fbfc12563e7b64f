import { sessionStore, type SessionState } from 'shared-api';
import { readLastKnown, writeLastKnown, type LastKnownEntry } from './last-known-db';

/**
 * The kept id of a read a hook asks to keep (`useData(key, load, { lastKnown: true })`, the key without the token):
 * each area names its own reads, and nothing else is ever written to the device.
 */
export const keepLastKnown = (key: readonly unknown[]): string => JSON.stringify(key);

/** Who the kept reads belong to: the signed-in customer, by id (else email), never the token, which changes. */
const accountOf = (state: Pick<SessionState, 'token' | 'user'>): string | null =>
  state.token && state.user ? String(state.user.id ?? state.user.email) : null;

let account: string | null = null;
let entries: ReadonlyMap<string, LastKnownEntry> = new Map();
const listeners = new Set<() => void>();

function load(next: string | null) {
  account = next;
  entries = new Map();
  listeners.forEach((listener) => listener());
  if (!next) return;
  readLastKnown(next).then(
    (record) => {
      if (account !== next || !record) return;
      entries = new Map(Object.entries(record.entries));
      listeners.forEach((listener) => listener());
    },
    // A browser without IndexedDB (private mode, storage full) simply has nothing kept.
    () => undefined,
  );
}

load(accountOf(sessionStore.getState()));
sessionStore.subscribe((state) => {
  const next = accountOf(state);
  if (next !== account) load(next);
});

export function subscribeLastKnown(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The kept read of `id` for the signed-in customer, if any. */
export const lastKnownEntry = (id: string | null): LastKnownEntry | undefined =>
  id === null ? undefined : entries.get(id);

/**
 * Keeps what the server answered for `id`, for this customer's next visit (not for this one: the data cache has it
 * from now on).
 */
export function rememberLastKnown(id: string, data: unknown, at: number): void {
  if (account) writeLastKnown(account, id, { at, data }).catch(() => undefined);
}
