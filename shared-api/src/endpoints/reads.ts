// No other import: the shell's entry sends these reads early (`shared-api/first-reads`) without the endpoint functions,
// and the kits area sends its kit page by `kitPage` (`shared-api/reads`, bundled by the area), so the two cannot drift.

/** A GET as the HTTP client is asked for it: the early read and the page's own call match by path and query. */
export type Read = { url: string; params?: Record<string, string | number> };

export const KIT_PAGE_SIZE = 10;

/**
 * The reads a customer's first screen makes at once: the functions that send them (`walletApi.get`, the kits area's
 * `getKits`, `verificationApi.emailStatus`) use these, and the shell's entry starts them before those functions have arrived.
 */
export const reads = {
  wallet: { url: '/api/v1/starlink_user_wallet' },
  kitPage: (page: number, perPage = KIT_PAGE_SIZE): Read => ({
    url: '/api/v1/starlink_kits',
    params: { page, per_page: perPage },
  }),
  emailStatus: { url: '/api/v1/starlink_users/check_confirmation_status' },
} satisfies Record<string, Read | ((...args: never[]) => Read)>;
