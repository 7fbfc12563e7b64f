/**
 * A first visit's page carries the shell's entry script inline and names it in `<meta name="portal-entry">`; once the
 * page has loaded, the early-input script fetches that file into the browser's cache and then records its name in
 * this cookie, so the server sends the next pages the short HTML that loads it from the cache.
 */
export const ENTRY_META = 'portal-entry';
export const ENTRY_COOKIE = 'portal_entry';
