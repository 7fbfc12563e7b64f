// The shell's entry script inside the HTML of the pages a first visit lands on: on a slow network the page's scripts
// are discovered only when its <head> arrives, a round trip during which the line carries nothing but the HTML, so
// the entry sent in the HTML downloads in that otherwise idle time instead of sharing the line with the other
// start-up scripts.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { findRoute, type ServedRoute } from 'shared-api/routes';
import { ENTRY_META } from '../browser/entry-cache';

export type EntryScript = {
  /** The file's name, e.g. `main.3c8fd290.js`. */
  file: string;
  /** The exact tag the template loads it with. */
  tag: string;
  source: string;
  /** Its CSP source: allowed by its hash, not by allowing every inline script. */
  cspSource: string;
};

// Only a content-hashed entry: it is cached as immutable, so a browser holding it by name holds these bytes.
const ENTRY_TAG = /<script\b[^>]*\bsrc=["']?\/(main\.[0-9a-f]{8,}\.js)["']?[^>]*><\/script>/;

/** The entry script `html` loads from `root`, or null when it has none, cannot be read or cannot sit in a <script>. */
export async function readEntryScript(root: string, html: string): Promise<EntryScript | null> {
  const match = ENTRY_TAG.exec(html);
  if (!match) return null;
  const [tag, file] = match as unknown as [string, string];
  const source = await fs.readFile(path.join(root, file), 'utf8').catch(() => null);
  // Text that would end the element, or switch the parser into its escaped state, cannot be inlined as it is.
  if (source === null || /<\/script|<!--/i.test(source)) return null;
  return { file, tag, source, cspSource: `'sha256-${createHash('sha256').update(source).digest('base64')}'` };
}

/**
 * Whether the page at `pathname` carries the entry inline: the pages a visitor without a session opens (a guest's
 * and the open ones: log in, sign up, the links of the emails), where a first visit lands. A customer's page loads it
 * by its file: a customer has visited before (the early-input script cached the file then), and a returning visitor
 * must not download it again with every page. Decided by the route alone, never by who asks, so a page is the same
 * for every browser and any cache may keep it.
 */
export function carriesEntry(routes: readonly ServedRoute[], pathname: string): boolean {
  const access = findRoute(routes, pathname)?.access;
  return access !== undefined && access !== 'customer';
}

/**
 * The page with its entry script inline at the end of <body> (the drawn page above it parses and paints first; the
 * script runs where its deferred tag would have, once the document is parsed) and named for the early-input script,
 * which caches the file once the page has loaded. Unchanged when the page does not load that entry.
 */
export function inlineEntry(html: string, entry: EntryScript): string {
  const end = html.lastIndexOf('</body>');
  if (!html.includes(entry.tag) || end === -1) return html;
  const named = html.slice(0, end).replace(entry.tag, () => `<meta name="${ENTRY_META}" content="/${entry.file}">`);
  return `${named}<script>${entry.source}</script>${html.slice(end)}`;
}
