import { keys } from './keys';
import { useData, type DataResponse } from './cache';
import { loadFundings, loadWallet } from './fetchers';

/** The balance, shared by every area (kept for the next visit): a change anywhere (funding, activation) shows everywhere. */
export const useWallet = (): DataResponse<Awaited<ReturnType<typeof loadWallet>>> =>
  useData(keys.wallet, loadWallet, { lastKnown: true });

/** The customer's fundings (kept for the next visit). */
export const useFundings = (): DataResponse<Awaited<ReturnType<typeof loadFundings>>> =>
  useData(keys.fundings, loadFundings, { lastKnown: true });
