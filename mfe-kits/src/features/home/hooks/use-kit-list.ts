import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { KIT_PAGE_SIZE, kitsApi, type Id, type Kit } from 'shared-api';

export interface KitListState {
  kits: Kit[];
  totalPages: number;
  totalCount: number;
  loading: boolean;
  /** True once the first answer (or failure) came back. */
  loaded: boolean;
  reload: () => void;
  /** Change one kit in place after an action succeeded (activation, auto-renew). */
  updateKit: (id: Id, patch: Partial<Kit>) => void;
}

/** One page of the customer's kits. A failed fetch silently leaves an empty list (spec section 8). */
export function useKitList(page: number): KitListState {
  const [kits, setKits] = useState<Kit[]>([]);
  const [totalPages, setTotalPages] = useState(1);
  const [totalCount, setTotalCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [version, setVersion] = useState(0);
  const latestRequest = useRef(0);

  useEffect(() => {
    const request = ++latestRequest.current;
    setLoading(true);
    // A failure empties the list but keeps the page count it had, so a customer on page 4 can still move to
    // another page rather than being left with no page control.
    const settle = (result: { kits: Kit[]; total_pages?: number; total_count?: number }) => {
      if (request !== latestRequest.current) return;
      // A transition: ten kit cards render in slices that yield to the browser, not in one long task on a slow phone.
      startTransition(() => {
        setKits(result.kits);
        if (result.total_pages !== undefined) setTotalPages(result.total_pages);
        if (result.total_count !== undefined) setTotalCount(result.total_count);
        setLoading(false);
        setLoaded(true);
      });
    };
    kitsApi.list(page, KIT_PAGE_SIZE).then(settle, () => settle({ kits: [] }));
  }, [page, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const updateKit = useCallback((id: Id, patch: Partial<Kit>) => {
    setKits((current) => current.map((kit) => (String(kit.id) === String(id) ? { ...kit, ...patch } : kit)));
  }, []);

  return { kits, totalPages, totalCount, loading, loaded, reload, updateKit };
}
