// Which file of an app's site answers a path, and how long it may be cached.
import path from 'node:path';

/**
 * Names every deployment writes anew (the shell's main.js too, when a build leaves it unhashed; its service worker and
 * app manifest, the releases' pointer document): served only from the live release, and always revalidated, so a promoted release or a rebuilt remote
 * is picked up at once.
 */
export const UNHASHED =
  /^(remoteEntry\.js|mf-manifest\.json|mf-stats\.json|expose-chunks\.json|prerender\.json|main\.js|index\.html|sw\.js|manifest\.webmanifest|releases\.json)$/;

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
