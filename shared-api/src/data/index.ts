/**
 * Server state read by the areas: one cache in the browser (this module is a federation singleton), read again when
 * the customer comes back to the tab or the network comes back. A separate entry from `shared-api` so the shell's
 * start-up (and /login) never downloads it.
 */
export type { DataOptions, DataResponse, Mutate, MutateOptions } from './cache';
// The one cache with the portal's read rules, for a read an area declares itself (its own key, the session token
// first, and its own fetcher over shared-api's client), so a new read ships with that area's release alone.
export { useData } from './cache';
export { keys, keysOf, type DataKey, type DataKind } from './keys';
export { useWallet, useFundings, useMarkStale, useLoadWallet } from './hooks';
