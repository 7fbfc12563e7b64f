/**
 * Gzip budgets (bytes) for the production build: the figures measured when they were set plus at least 3 % headroom
 * (README.md). Raise one only with the reason in the commit message.
 */
export const budgets = {
  /**
   * Each remote's remoteEntry.js: the container and its bundler runtime, on the shell's federation runtime core
   * (`experiments.externalRuntime`), without copies of the libraries the shell provides (7.3 to 7.5 kB measured).
   */
  remoteEntry: { auth: 7_800, kits: 7_800, billing: 7_800, profile: 7_800 },
  /**
   * Everything a cold /login downloads (140.2 kB measured, Module Federation and axios as published, with
   * `provideExternalRuntime` / `externalRuntime` and `experiments.optimization`; the page's inline early-input script,
   * the first reads' code and the prerendered screen's hydration included).
   */
  loginFirstLoad: 144_500,
  /**
   * Everything a cold /home downloads, the API client (whole axios), the kit and wallet calls and what the shell
   * fetches for a customer once the page is drawn included (172.1 kB measured).
   */
  homeFirstLoad: 177_300,
} as const;
