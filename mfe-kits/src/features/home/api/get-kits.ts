import { http, type Id, type Kit, type KitPage } from 'shared-api';
import { useData, useDataCache, useSWRMutation, type DataResponse } from 'shared-api/data';
import { KIT_PAGE_SIZE, kitPageRead } from './kit-page-read';

export { KIT_PAGE_SIZE };

/** The kinds of cache key this file reads: the pages of the list, and the other pages read for a search. */
export const kitListKinds = { pages: ['kits'], others: ['kits-others'] } as const;

/**
 * The spec allows the list as `{kits,total_pages,total_count}` or as a bare array. A bare array longer than a page
 * is the whole list (a server that does not paginate), so the page asked for is cut from it; a shorter one is the
 * page itself.
 */
export function normalizeKitPage(data: KitPage | Kit[], page = 1, perPage = KIT_PAGE_SIZE): KitPage {
  if (Array.isArray(data)) {
    const totalPages = Math.max(1, Math.ceil(data.length / perPage));
    const kits = data.length > perPage ? data.slice((page - 1) * perPage, page * perPage) : data;
    return { kits, total_count: data.length, total_pages: totalPages };
  }
  const kits = Array.isArray(data?.kits) ? data.kits : [];
  const totalCount = Number(data?.total_count ?? kits.length);
  const totalPages = Number(data?.total_pages ?? Math.ceil(totalCount / perPage));
  return { kits, total_count: totalCount, total_pages: Math.max(1, totalPages || 1) };
}

/** Spec section 7: one page of the customer's kits. `signal` cancels a request whose answer is no longer wanted. */
export function getKits(page: number, perPage = KIT_PAGE_SIZE, options: { signal?: AbortSignal } = {}): Promise<KitPage> {
  const { url, params } = kitPageRead(page, perPage);
  return http.get<KitPage | Kit[]>(url, { params, signal: options.signal }).then((r) => normalizeKitPage(r.data, page, perPage));
}

/** Every page but the one on screen, together, each once: a search or a filter looks at all of the kits. */
export async function getOtherKitPages(onScreen: number, totalPages: number): Promise<Map<number, Kit[]>> {
  const others = Array.from({ length: totalPages }, (_, i) => i + 1).filter((n) => n !== onScreen);
  const answers = await Promise.all(others.map((n) => getKits(n)));
  return new Map(others.map((n, i) => [n, answers[i]!.kits]));
}

/** The cache keys (`useData` puts the session token first). The first page is kept for the next visit. */
export const kitsKeys = {
  page: (page: number) => ['kits', page] as const,
  otherPages: (onScreen: number, totalPages: number) => ['kits-others', onScreen, totalPages] as const,
};

const patchKits = (kits: Kit[], id: Id, patch: Partial<Kit>) =>
  kits.map((kit) => (String(kit.id) === String(id) ? { ...kit, ...patch } : kit));

/**
 * One kit changed in every cached page of the list and in the other pages a search read, from an answer that carries
 * the change (an activation, auto-renew, a new address), without reading the list again.
 */
export function patchCachedKit(cache: ReturnType<typeof useDataCache>, id: Id, patch: Partial<Kit>) {
  return Promise.all([
    cache.update(['kit'], (kit?: Kit) => kit && { ...kit, ...patch }, id),
    cache.update(kitListKinds.pages, (page?: KitPage) => page && { ...page, kits: patchKits(page.kits, id, patch) }),
    cache.update(
      kitListKinds.others,
      (pages?: Map<number, Kit[]>) => pages && new Map([...pages].map(([n, kits]) => [n, patchKits(kits, id, patch)] as const)),
    ),
  ]);
}

/** One page of the kit list; the page before stays on screen while the next one loads. */
export function useKits(page: number): DataResponse<KitPage> {
  return useData(kitsKeys.page(page), ([, n]) => getKits(n), { keepPreviousData: true, lastKnown: page === 1 });
}

/**
 * The kits of every page but `onScreen`, by page number; asked for only when `enabled`, and once: clearing a search
 * and starting another reuses them (a change, the tab or the network coming back reads them again).
 */
export function useOtherKitPages(onScreen: number, totalPages: number, enabled: boolean): DataResponse<Map<number, Kit[]>> {
  return useData(
    enabled && totalPages > 1 ? kitsKeys.otherPages(onScreen, totalPages) : null,
    ([, page, total]) => getOtherKitPages(page, total),
    // Each answer replaces the last: SWR's own comparison (dequal/lite) finds any two Maps equal.
    { revalidateIfStale: false, compare: (a, b) => a === b },
  );
}

/**
 * A change to one kit (`call` sends it and answers what changed): the kit is changed in place wherever it is cached,
 * its page and the list, without reading it again.
 */
export function useKitChangeMutation<A extends { id: Id }>(name: string, call: (arg: A) => Promise<Partial<Kit>>) {
  const cache = useDataCache();
  return useSWRMutation([name], async (_key: unknown, { arg }: { arg: A }) => ({ id: arg.id, patch: await call(arg) }), {
    onSuccess: ({ id, patch }) => void patchCachedKit(cache, id, patch),
  });
}
