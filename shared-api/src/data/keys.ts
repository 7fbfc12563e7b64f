import type { Id } from 'shared-api';

/**
 * Every cache key starts with the session token, so a new customer never sees the previous one's figures and an
 * answer for a signed-out session lands where nobody reads it.
 */
export type DataKey =
  | readonly [token: string, kind: 'wallet']
  | readonly [token: string, kind: 'fundings']
  | readonly [token: string, kind: 'kits', page: number]
  | readonly [token: string, kind: 'kits', page: 'others', onScreen: number, totalPages: number]
  | readonly [token: string, kind: 'kit', id: string]
  | readonly [token: string, kind: 'renewals', kitId: string];

export type DataKind = DataKey[1];

export const keys = {
  wallet: (token: string) => [token, 'wallet'] as const,
  fundings: (token: string) => [token, 'fundings'] as const,
  kitPage: (token: string, page: number) => [token, 'kits', page] as const,
  otherKitPages: (token: string, onScreen: number, totalPages: number) =>
    [token, 'kits', 'others', onScreen, totalPages] as const,
  kit: (token: string, id: Id) => [token, 'kit', String(id)] as const,
  renewals: (token: string, kitId: Id) => [token, 'renewals', String(kitId)] as const,
};

/** A filter for `useMarkStale`: every cached key of these kinds (of any token), optionally for one kit id. */
export function keysOf(kinds: readonly DataKind[], id?: Id) {
  return (key: unknown): boolean =>
    Array.isArray(key) &&
    kinds.includes(key[1] as DataKind) &&
    (id === undefined || String(key[2]) === String(id));
}
