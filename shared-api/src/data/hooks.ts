import { useMemo } from 'react';
import { useSession, type Id } from 'shared-api';
import { keys, keysOf } from './keys';
import { markStale, putData, useData, useDataCache, type DataResponse } from './cache';
import { loadFundings, loadKit, loadKitPage, loadOtherKitPages, loadRenewals, loadWallet } from './fetchers';

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

/** One page of the kit list; the page before stays on screen while the next one loads. */
export function useKitPage(page: number): Read<typeof loadKitPage> {
  const token = useSession((s) => s.token);
  return useData(token ? keys.kitPage(token, page) : null, ([, , n]) => loadKitPage(n), { keepPreviousData: true });
}

/**
 * The kits of every page but `onScreen`, by page number; asked for only when `enabled`, and once: clearing a search
 * and starting another reuses them (a change, the tab or the network coming back reads them again).
 */
export function useOtherKitPages(onScreen: number, totalPages: number, enabled: boolean): Read<typeof loadOtherKitPages> {
  const token = useSession((s) => s.token);
  return useData(
    token && enabled && totalPages > 1 ? keys.otherKitPages(token, onScreen, totalPages) : null,
    ([, , , page, total]) => loadOtherKitPages(page, total),
    { revalidateIfStale: false, distinctReads: true },
  );
}

export function useKit(kitId: Id | undefined): Read<typeof loadKit> {
  const token = useSession((s) => s.token);
  return useData(token && kitId !== undefined ? keys.kit(token, kitId) : null, ([, , id]) => loadKit(id));
}

export function useKitRenewals(kitId: Id | undefined): Read<typeof loadRenewals> {
  const token = useSession((s) => s.token);
  return useData(token && kitId !== undefined ? keys.renewals(token, kitId) : null, ([, , id]) => loadRenewals(id));
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
      kitList: () => stale(keysOf(['kits'])),
      /** One kit's details and renewal history. */
      kit: (kitId: Id) => stale(keysOf(['kit', 'renewals'], kitId)),
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
