/**
 * Gzip budgets (bytes) for the production build, a little above the figures measured when they were set
 * (bench-results and README.md). Raise one only with the reason in the commit message.
 */
export const budgets = {
  /** Each remote's remoteEntry.js: the container without a federation runtime of its own (about 9 kB). */
  remoteEntry: { auth: 10_000, kits: 10_000, billing: 10_000, profile: 10_000 },
  /**
   * Everything a cold /login downloads: 141.1 kB since the toast library loads with the first message (144.6 kB
   * before; 148.8 kB before the shell's start-up code came in two chunks instead of fourteen; 186 kB before axios
   * loaded on first use and routing was shared as a subset).
   */
  loginFirstLoad: 144_000,
} as const;
