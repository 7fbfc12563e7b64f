/**
 * Server state read by the areas: SWR as published, one cache in the browser (`swr` and this module are federation
 * singletons), with the portal's configuration (`dataConfig`) and a hook that puts the session token first in each
 * key. A separate entry from `shared-api` so the shell's start-up (and /login) never downloads it.
 */
export { useData, useDataCache, keysOf, dataConfig, type DataOptions, type DataResponse } from './cache';
export { keys, moneyKinds } from './keys';
export { useWallet, useFundings } from './hooks';
// Mutations through SWR's own hook, in one copy beside the cache it revalidates.
export { default as useSWRMutation } from 'swr/mutation';
