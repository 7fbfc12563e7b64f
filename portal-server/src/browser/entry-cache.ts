/**
 * A guest page carries the shell's entry script inline and names its file in `<meta name="portal-entry">`; once the
 * page has loaded and drawn its first screen, the early-input script fetches that file into the browser's cache, so a
 * customer's pages, which load it by its file, find it there.
 */
export const ENTRY_META = 'portal-entry';
