/**
 * Gzip budgets (bytes) for the production build, a little above the figures measured when they were set
 * (bench-results and README.md). Raise one only with the reason in the commit message.
 */
export const budgets = {
  /**
   * Each remote's remoteEntry.js: the container without a federation runtime or bundler runtime of its own, nor copies
   * of the libraries the shell provides, nor webpack's unused share-scope runtime, nor a runtime `init` or script loader,
   * which the shell hands it (2.7 to 2.8 kB measured).
   */
  remoteEntry: { auth: 3_000, kits: 3_000, billing: 3_000, profile: 3_000 },
  /**
   * Everything a cold /login downloads (126.8 kB measured in a full build, whose scripts end with a source map comment;
   * the page's inline early-input script, the start-up's yields between its tasks, the first reads' code, which a
   * customer's page starts from main.js, and the prerendered screen's hydration and styled-components ids included):
   * the shared-ui and shared-api singletons carry only what the shell and a guest's first screen use, a customer's
   * calls, email status and session handling being code the shell fetches once a session exists. 127.3 kB in a
   * test-profile build once the drawn area's page hydrates in a root of its own (the shell's AreaRoot, 0.6 kB).
   */
  loginFirstLoad: 127_700,
  /**
   * Everything a cold /home downloads, the API client, the kit and wallet calls and what the shell fetches for a
   * customer once the page is drawn included (153.1 kB measured in a test-profile build with the page's frame, axios
   * without the code the portal never runs, SWR as published behind shared-api/data (5.7 kB of it), the shell's
   * AreaRoot (0.6 kB), and the kits area's dialogs downloaded on first use).
   */
  homeFirstLoad: 153_500,
} as const;
