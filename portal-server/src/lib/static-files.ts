// Which file, in which release root, answers a path.
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Names every deployment writes anew (the shell's main.js too, when a build leaves it unhashed; its service worker and
 * app manifest): served only from the live release, and always revalidated, so a promoted release or a rebuilt remote
 * is picked up at once.
 */
export const UNHASHED =
  /^(remoteEntry\.js|mf-manifest\.json|mf-stats\.json|expose-chunks\.json|prerender\.json|route-areas\.json|main\.js|index\.html|sw\.js|manifest\.webmanifest)$/;

/** A path that names a page rather than a file: no extension, or the template itself. */
export function isDocumentPath(pathname: string): boolean {
  return path.posix.extname(pathname) === '' || pathname === '/index.html';
}

/**
 * The file a URL path names, relative to a root, or null when it could name something outside the root or
 * something never served by name: the pre-compressed copies (chosen from Accept-Encoding, labelled with the
 * original's type) and, unless `sourceMaps`, source maps.
 */
export function servableFile(pathname: string, { sourceMaps = false } = {}): string | null {
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const relative = path.posix.normalize(pathname).replace(/^\/+/, '');
  if (relative === '' || relative.split('/').some((part) => part === '..' || part.startsWith('.'))) return null;
  if (/\.(br|gz)$/i.test(relative)) return null;
  if (!sourceMaps && /\.map$/i.test(relative)) return null;
  return relative;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The root to serve `relative` from: per-deployment names only from the live root (roots[0]), so an older release
 * never answers for them; content-hashed files from the first root that has them, so a page served before a
 * promotion still finds its chunks in the release it came from.
 */
export async function rootHolding(relative: string, roots: readonly string[]): Promise<string | null> {
  const candidates = UNHASHED.test(path.posix.basename(relative)) ? roots.slice(0, 1) : roots;
  for (const root of candidates) {
    if (await isFile(path.join(root, relative))) return root;
  }
  return null;
}
