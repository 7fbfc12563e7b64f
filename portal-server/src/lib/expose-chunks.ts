// Which scripts each remote's pages need, and their prerendered HTML: what a page is written from (site.ts reads them
// from the remotes' live releases).
import type { AreaRoute } from 'shared-api/routes';
import type { AreaPrerender } from './prerender';

/** A chunk file name as the builds write them: no path, no query, nothing to escape. */
export function isScriptFileName(value: unknown): value is string {
  return typeof value === 'string' && /^[\w.-]+\.js$/.test(value);
}

/** The remote entry a configured remote URL stands for (the shell does the same: remote-loader.ts). */
export function remoteEntryUrl(configured: string): string | null {
  try {
    const url = new URL(configured);
    return url.pathname.endsWith('.json') ? new URL('remoteEntry.js', url).href : url.href;
  } catch {
    return null;
  }
}

/** What the live remotes' releases list: each page's scripts, the versioned entry, the prerendered pages, the routes. */
export type ExposeChunkDirectory = {
  scripts(remote: string, module: string): Promise<string[]>;
  versionedEntry(remote: string): Promise<string | null>;
  prerender(remote: string): Promise<AreaPrerender | null>;
  routes(): Promise<AreaRoute[]>;
};
