/**
 * Gzip budgets (bytes) for the production build, a little above the figures measured when they were set
 * (bench-results and README.md). Raise one only with the reason in the commit message.
 */
export const budgets = {
  /**
   * Each remote's remoteEntry.js: the container without a federation runtime or bundler runtime of its own, nor copies
   * of the libraries the shell provides (3.5 to 3.8 kB measured).
   */
  remoteEntry: { auth: 4_200, kits: 4_200, billing: 4_200, profile: 4_200 },
  /**
   * Everything a cold /login downloads (132.7 kB measured in a full build, whose scripts end with a source map comment;
   * the first reads' code, which a customer's page starts from main.js, and the prerendered screen's hydration and
   * styled-components ids included): the shared-ui and shared-api singletons carry only what the shell and a guest's
   * first screen use, the customers' components and calls being entry points each area bundles.
   */
  loginFirstLoad: 132_800,
  /**
   * Everything a cold /home downloads, the API client included (158.3 kB measured with the page's frame, axios without
   * the code the portal never runs, and the kits area's dialogs downloaded on first use).
   */
  homeFirstLoad: 158_500,
} as const;
