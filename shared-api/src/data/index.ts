/**
 * Server state read by the areas, through SWR: one cache in the browser (SWR and this module are federation
 * singletons), revalidated when the customer comes back to the tab or the network comes back. A separate entry
 * from `shared-api` so the shell's start-up (and /login) never downloads SWR.
 */
export { keys, keysOf, type DataKey, type DataKind } from './keys';
export {
  useWallet,
  useFundings,
  useKitPage,
  useOtherKitPages,
  useKit,
  useKitRenewals,
  useMarkStale,
  useLoadWallet,
} from './hooks';
