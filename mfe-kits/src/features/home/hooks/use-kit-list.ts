import { useCallback, useDeferredValue, useMemo } from 'react';
import type { Kit } from 'shared-api';
import { useKits, useOtherKitPages } from '../api/get-kits';

export interface KitListState {
  kits: Kit[];
  totalPages: number;
  totalCount: number;
  loading: boolean;
  /** True once the first answer (or failure) came back. */
  loaded: boolean;
  /** The last fetch of the page failed: the list is empty because it could not be read, not because it is. */
  failed: boolean;
  /** Why it failed, while `failed`: the page says which part is down (`whyNotLoaded`). */
  error: unknown;
  /** Every kit of every page, once `everyPage` was asked for and all pages came back; null until then. */
  allKits: Kit[] | null;
  allLoading: boolean;
  /** A page other than the one on screen could not be read, so `allKits` is not known. */
  allFailed: boolean;
  reload: () => void;
}

const NONE: Kit[] = [];

/**
 * One page of the customer's kits and, when `everyPage` is set (a search or a status filter), the other pages too,
 * each fetched once. A failed fetch leaves the list empty without a toast (spec section 8); `failed` tells the page
 * so it never claims the customer has no kits.
 */
export function useKitList(page: number, everyPage = false): KitListState {
  const { data, error, isLoading, isValidating, mutate: mutatePage } = useKits(page);
  const live = useMemo(() => ({ data, error, isLoading, isValidating }), [data, error, isLoading, isValidating]);
  // The data layer's answers arrive as urgent (unsliced) updates. The first one, often there as the page starts (shared-api's
  // first reads), renders the whole list: that render is deferred, in slices that yield to the browser, rather than
  // lengthening the start-up's long task; every later answer (a change the customer made) shows at once.
  const deferred = useDeferredValue(live);
  const current = deferred.data === undefined && deferred.error === undefined ? deferred : live;
  // While another page loads or after it failed, the page before keeps its page count, so a customer on page 4 can
  // still move to another page rather than being left with no page control.
  const failed = current.error !== undefined && !current.isValidating;
  const kits = current.error !== undefined ? NONE : (current.data?.kits ?? NONE);
  const totalPages = current.data?.total_pages ?? 1;
  const pageReady = current.data !== undefined && !current.isLoading && !failed;
  const others = useOtherKitPages(page, totalPages, everyPage && pageReady);

  const allKits = useMemo(() => {
    if (!everyPage || !pageReady) return null;
    if (totalPages <= 1) return kits;
    if (!others.data) return null;
    const byPage = new Map(others.data);
    byPage.set(page, kits);
    return Array.from({ length: totalPages }, (_, i) => byPage.get(i + 1) ?? []).flat();
  }, [everyPage, pageReady, totalPages, kits, others.data, page]);

  const { mutate: mutateOthers } = others;
  const reload = useCallback(() => {
    void mutatePage();
    void mutateOthers();
  }, [mutatePage, mutateOthers]);
  return {
    kits,
    totalPages,
    totalCount: current.data?.total_count ?? 0,
    loading: current.isLoading || (current.isValidating && current.error !== undefined),
    loaded: current.data !== undefined || current.error !== undefined,
    failed,
    error: failed ? current.error : undefined,
    allKits,
    allLoading: others.isLoading,
    allFailed: others.error !== undefined && !others.isValidating,
    reload,
  };
}
