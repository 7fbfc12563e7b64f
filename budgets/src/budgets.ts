/**
 * Gzip budgets (bytes) for the production build, a little above the figures measured when they were set
 * (bench-results and README.md). Raise one only with the reason in the commit message.
 */
export const budgets = {
  /**
   * Each remote's remoteEntry.js: the container without a federation runtime of its own, nor copies of the libraries
   * the shell provides (7.8 to 8.1 kB measured).
   */
  remoteEntry: { auth: 8_500, kits: 8_500, billing: 8_500, profile: 8_500 },
  /**
   * Everything a cold /login downloads (141.4 kB measured, about 0.2 kB more in a full build, whose scripts end with a
   * source map comment; the prerendered screen's hydration and styled-components ids included): shared-ui is shared whole, so its components for other screens (payment reference, address field,
   * phone table) travel with the login form too.
   */
  loginFirstLoad: 142_000,
  /** Everything a cold /home downloads, the API client included (174.2 kB measured with the page's frame). */
  homeFirstLoad: 174_800,
} as const;
