import { useMemo } from 'react';
import { useSession, type Id } from 'shared-api';
import { keys, keysOf } from './keys';
import { markStale, putData, useData, useDataCache, type DataResponse } from './cache';
import { loadFundings, loadWallet } from './fetchers';

/** What a hook answers for `load`'s data. */
type Read<F extends (...args: never[]) => Promise<unknown>> = DataResponse<Awaited<ReturnType<F>>>;

/** The balance, shared by every area: a change anywhere (funding, activation) shows everywhere. */
export function useWallet(): Read<typeof loadWallet> {
  const token = useSession((s) => s.token);
  return useData(token ? keys.wallet(token) : null, loadWallet);
}

export function useFundings(): Read<typeof loadFundings> {
  const token = useSession((s) => s.token);
  return useData(token ? keys.fundings(token) : null, loadFundings);
}

/**
 * After a change, what it affects is read again by whoever shows it (and by anyone who shows it later): the calls
 * never reject, since the change itself already succeeded or failed and was announced.
 */
export function useMarkStale() {
  const { cache, mutate } = useDataCache();
  return useMemo(() => {
    const stale = (filter: (key: unknown) => boolean) => markStale({ cache, mutate }, filter);
    return {
      /** Money moved: a kit activated or renewed. */
      wallet: () => stale(keysOf(['wallet'])),
      /** A funding was created or confirmed. */
      walletAndFundings: () => stale(keysOf(['wallet', 'fundings'])),
      /** An area's own reads: every key of these kinds (after the token), optionally for one id. */
      kinds: (kinds: readonly string[], id?: Id) => stale(keysOf(kinds, id)),
    };
  }, [cache, mutate]);
}

/**
 * The wallet now, for a call that needs its id: asked from the server and kept in the cache for whoever shows it.
 */
export function useLoadWallet() {
  const { mutate } = useDataCache();
  const token = useSession((s) => s.token);
  return useMemo(
    () => async () => {
      const wallet = await loadWallet();
      if (token) await putData(mutate, keys.wallet(token), wallet);
      return wallet;
    },
    [mutate, token],
  );
}
