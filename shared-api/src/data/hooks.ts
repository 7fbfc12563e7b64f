import { useMemo } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import { useSession, type Id } from 'shared-api';
import { keys, keysOf } from './keys';
import { loadFundings, loadKit, loadKitPage, loadOtherKitPages, loadRenewals, loadWallet } from './fetchers';

/**
 * A failure is shown with a Retry the customer chooses (spec section 8 says which ones toast): no retries on a
 * timer, which would repeat calls on a slow network by themselves. Callers at the same time share one request, but
 * a screen that opens after it ended reads again (SWR would reuse an answer up to 2 s old: the balance the operator
 * just credited would not show on arriving at /home). Focus and reconnection still read data again.
 */
const options: SWRConfiguration = { shouldRetryOnError: false, dedupingInterval: 0 };

/** What a hook answers for `load`'s data (named, so shared-api's declarations need no path into swr). */
type Read<F extends (...args: never[]) => Promise<unknown>> = SWRResponse<Awaited<ReturnType<F>>>;

/** The balance, shared by every area: a change anywhere (funding, activation) shows everywhere. */
export function useWallet(): Read<typeof loadWallet> {
  const token = useSession((s) => s.token);
  return useSWR(token ? keys.wallet(token) : null, loadWallet, options);
}

export function useFundings(): Read<typeof loadFundings> {
  const token = useSession((s) => s.token);
  return useSWR(token ? keys.fundings(token) : null, loadFundings, options);
}

/** One page of the kit list; the page before stays on screen while the next one loads. */
export function useKitPage(page: number): Read<typeof loadKitPage> {
  const token = useSession((s) => s.token);
  return useSWR(token ? keys.kitPage(token, page) : null, ([, , n]) => loadKitPage(n), {
    ...options,
    keepPreviousData: true,
  });
}

/**
 * The kits of every page but `onScreen`, by page number; asked for only when `enabled`, and once: clearing a search
 * and starting another reuses them (a change, the tab or the network coming back reads them again).
 */
export function useOtherKitPages(onScreen: number, totalPages: number, enabled: boolean): Read<typeof loadOtherKitPages> {
  const token = useSession((s) => s.token);
  return useSWR(
    token && enabled && totalPages > 1 ? keys.otherKitPages(token, onScreen, totalPages) : null,
    ([, , , page, total]) => loadOtherKitPages(page, total),
    { ...options, revalidateIfStale: false },
  );
}

export function useKit(kitId: Id | undefined): Read<typeof loadKit> {
  const token = useSession((s) => s.token);
  return useSWR(token && kitId !== undefined ? keys.kit(token, kitId) : null, ([, , id]) => loadKit(id), options);
}

export function useKitRenewals(kitId: Id | undefined): Read<typeof loadRenewals> {
  const token = useSession((s) => s.token);
  return useSWR(
    token && kitId !== undefined ? keys.renewals(token, kitId) : null,
    ([, , id]) => loadRenewals(id),
    options,
  );
}

/**
 * After a change, what it affects is read again by whoever shows it (and by anyone who shows it later): the calls
 * never reject, since the change itself already succeeded or failed and was announced.
 */
export function useMarkStale() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const stale = (filter: (key: unknown) => boolean) => mutate(filter).then(() => undefined);
    return {
      /** Money moved: a kit activated or renewed. */
      wallet: () => stale(keysOf(['wallet'])),
      /** A funding was created or confirmed. */
      walletAndFundings: () => stale(keysOf(['wallet', 'fundings'])),
      kitList: () => stale(keysOf(['kits'])),
      /** One kit's details and renewal history. */
      kit: (kitId: Id) => stale(keysOf(['kit', 'renewals'], kitId)),
    };
  }, [mutate]);
}

/**
 * The wallet now, for a call that needs its id: asked from the server and kept in the cache for whoever shows it.
 */
export function useLoadWallet() {
  const { mutate } = useSWRConfig();
  const token = useSession((s) => s.token);
  return useMemo(
    () => async () => {
      const wallet = await loadWallet();
      if (token) await mutate(keys.wallet(token), wallet, { revalidate: false });
      return wallet;
    },
    [mutate, token],
  );
}
