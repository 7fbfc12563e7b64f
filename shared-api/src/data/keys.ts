import type { Id } from 'shared-api';

/**
 * Every cache key starts with the session token, so a new customer never sees the previous one's figures and an
 * answer for a signed-out session lands where nobody reads it. The keys here are the shared reads'; an area's own
 * reads declare theirs beside their request (`mfe-kits/src/features/*\/api/`), the token first and a kind second.
 */
export type DataKey = readonly [token: string, kind: 'wallet'] | readonly [token: string, kind: 'fundings'];

export type DataKind = DataKey[1];

export const keys = {
  wallet: (token: string) => [token, 'wallet'] as const,
  fundings: (token: string) => [token, 'fundings'] as const,
};

/** A filter for `useMarkStale`: every cached key of these kinds (of any token), optionally for one id. */
export function keysOf(kinds: readonly string[], id?: Id) {
  return (key: unknown): boolean =>
    Array.isArray(key) &&
    kinds.includes(key[1] as string) &&
    (id === undefined || String(key[2]) === String(id));
}
