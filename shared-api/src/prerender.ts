// Pure module (no React, no store): the prerender builds (shared-ui/prerender), the serving process and the pages'
// early-input script (bundled on its own) read it.
import { storageKeys } from './storage-keys';

/** One screen's HTML and the styled-components CSS it needs (style elements). */
export type Prerendered = { html: string; css: string };

/** A page's HTML, which stands only for addresses whose query has a non-empty `needs` parameter when it names one. */
export type PrerenderedPage = Prerendered & { needs?: string };

/**
 * How an area's prerendered page is hydrated, whatever the shell's frame around it: in a React root of its own (the
 * element the frame's slot sits in), its useId ids carrying `identifierPrefix` (React's option for several roots on
 * one page). Both prerender.json files name `slotId`, and the server composes a page only when they agree, so a shell
 * and an area built for different mechanisms never meet in one page.
 */
export const areaRoot = { slotId: 'area-root/1', identifierPrefix: 'area-' } as const;

/**
 * The shell's dist/prerender.json: its frame per route path (the routes the areas' sources declared at its build), each with `slot` where the area's page goes and the
 * `slotId` of how that page is hydrated (an area's page fits only a frame with its own slotId: `areaRoot`).
 */
export type ShellPrerender = {
  slot: string;
  /**
   * Each frame with whether it shows the chat link (its route's `chat` when drawn) and what of the areas' routes its
   * navbar draws (`frameSignature`, shared-api/routes): it fits only a page whose live routes draw the same.
   */
  frames: Record<string, Prerendered & { slotId: string; chat?: boolean; signature?: string }>;
};

/**
 * A remote's dist/prerender.json: its pages by exposed module, rendered for the hydration `slotId` stands for, by the
 * build whose versioned entry is `entry` (PrerenderPlugin adds it to what the area's prerender returns).
 */
export type AreaPrerender = { entry: string; slotId: string; pages: Record<string, PrerenderedPage> };

/**
 * Which stored session a prerendered page was drawn for (`data-session` on #root): a customer's frame for a visitor
 * with a session, a guest page for one without. The early script marks <html> with the visitor's (`data-session`
 * too, or `partial` for half a session, which neither kind of page hydrates for), so a page drawn for the other
 * kind of visitor is hidden before it paints.
 */
export type SessionKind = 'customer' | 'none' | 'partial';

/** A session's kind, by the route guards' rule: a customer's with user data and a token, a guest's with neither. */
export function sessionKindOf(session: { token: unknown; user: unknown }): SessionKind {
  if (session.token !== null && session.user !== null) return 'customer';
  return session.token === null && session.user === null ? 'none' : 'partial';
}

/** The kind of the session `storage` holds under the spec's keys, user data that does not parse counting as none. */
export function storedSessionKindIn(storage: { getItem(key: string): string | null }): SessionKind {
  const stored = storage.getItem(storageKeys.userData);
  let user: unknown = null;
  try {
    user = stored === null ? null : JSON.parse(stored);
  } catch {
    user = null;
  }
  return sessionKindOf({ token: storage.getItem(storageKeys.token), user });
}
