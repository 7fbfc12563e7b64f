// A customer's first screen asks for its data from this entry chunk, while the start-up code is still downloading.
// Eager (same chunk, no request) rather than static, so that this entry stays a module of its own: a static import
// merges it with its imports, and the build then no longer finds the entry whose start-up chunks the HTML preloads.
void import(/* webpackMode: "eager" */ 'shared-api/first-reads').then((m) =>
  m.startFirstReads(window.location.pathname),
);
// The start-up code is asked for in the next task: resolving its shared libraries (the federation runtime's share
// scope) would otherwise lengthen the runtime's own initialisation, one long task on a slow phone. The scripts are
// preloaded with the HTML, so this waits for no download.
setTimeout(() => void import('./bootstrap'), 0);
export {};
