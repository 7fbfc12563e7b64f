import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { KIT_PAGE_SIZE, kitsApi, type Id, type Kit } from 'shared-api';

export interface KitListState {
  kits: Kit[];
  totalPages: number;
  totalCount: number;
  loading: boolean;
  /** True once the first answer (or failure) came back. */
  loaded: boolean;
  /** The last fetch of the page failed: the list is empty because it could not be read, not because it is. */
  failed: boolean;
  /** Every kit of every page, once `everyPage` was asked for and all pages came back; null until then. */
  allKits: Kit[] | null;
  allLoading: boolean;
  /** A page other than the one on screen could not be read, so `allKits` is not known. */
  allFailed: boolean;
  reload: () => void;
  /** Change one kit in place after an action succeeded (activation, auto-renew). */
  updateKit: (id: Id, patch: Partial<Kit>) => void;
}

function patchKits(kits: Kit[], id: Id, patch: Partial<Kit>): Kit[] {
  return kits.map((kit) => (String(kit.id) === String(id) ? { ...kit, ...patch } : kit));
}

/**
 * One page of the customer's kits and, when `everyPage` is set (a search or a status filter), the other pages too:
 * each fetched once, together, and cancelled when no longer wanted. A failed fetch leaves the list empty without a
 * toast (spec section 8); `failed` tells the page so it never claims the customer has no kits.
 */
export function useKitList(page: number, everyPage = false): KitListState {
  const [kits, setKits] = useState<Kit[]>([]);
  const [totalPages, setTotalPages] = useState(1);
  const [totalCount, setTotalCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const latestRequest = useRef(0);
  const [allKits, setAllKits] = useState<Kit[] | null>(null);
  const [allLoading, setAllLoading] = useState(false);
  const [allFailed, setAllFailed] = useState(false);

  useEffect(() => {
    const request = ++latestRequest.current;
    setLoading(true);
    // A failure empties the list but keeps the page count it had, so a customer on page 4 can still move to
    // another page rather than being left with no page control.
    const settle = (result: { kits: Kit[]; total_pages?: number; total_count?: number }, ok: boolean) => {
      if (request !== latestRequest.current) return;
      // A transition: ten kit cards render in slices that yield to the browser, not in one long task on a slow phone.
      startTransition(() => {
        setKits(result.kits);
        if (result.total_pages !== undefined) setTotalPages(result.total_pages);
        if (result.total_count !== undefined) setTotalCount(result.total_count);
        setFailed(!ok);
        setLoading(false);
        setLoaded(true);
      });
    };
    kitsApi.list(page, KIT_PAGE_SIZE).then(
      (result) => settle(result, true),
      () => settle({ kits: [] }, false),
    );
  }, [page, version]);

  // Every page but the one on screen, once that one is known (its answer gives the page count).
  const pageReady = loaded && !loading && !failed;
  const haveAll = allKits !== null;
  useEffect(() => {
    if (!everyPage || !pageReady || haveAll) return;
    if (totalPages <= 1) {
      setAllKits(kits);
      return;
    }
    const controller = new AbortController();
    const others = Array.from({ length: totalPages }, (_, i) => i + 1).filter((n) => n !== page);
    setAllLoading(true);
    setAllFailed(false);
    Promise.all(others.map((n) => kitsApi.list(n, KIT_PAGE_SIZE, { signal: controller.signal }))).then(
      (answers) => {
        if (controller.signal.aborted) return;
        const byPage = new Map(others.map((n, i) => [n, answers[i]!.kits]));
        byPage.set(page, kits);
        const every = Array.from({ length: totalPages }, (_, i) => byPage.get(i + 1) ?? []).flat();
        startTransition(() => {
          setAllKits(every);
          setAllLoading(false);
        });
      },
      () => {
        if (controller.signal.aborted) return;
        setAllFailed(true);
        setAllLoading(false);
      },
    );
    return () => {
      controller.abort();
      setAllLoading(false);
    };
    // `kits` is read when the pages come back, not a reason to fetch them again: an activation patches it in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [everyPage, pageReady, haveAll, totalPages, page, version]);

  const reload = useCallback(() => {
    setAllKits(null);
    setAllFailed(false);
    setVersion((v) => v + 1);
  }, []);
  const updateKit = useCallback((id: Id, patch: Partial<Kit>) => {
    setKits((current) => patchKits(current, id, patch));
    setAllKits((current) => (current ? patchKits(current, id, patch) : current));
  }, []);

  return { kits, totalPages, totalCount, loading, loaded, failed, allKits, allLoading, allFailed, reload, updateKit };
}
