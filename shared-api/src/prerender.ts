// Pure module (types and constants only): the prerender builds (shared-ui/prerender) and the serving process read it.

/** One screen's HTML and the styled-components CSS it needs (style elements). */
export type Prerendered = { html: string; css: string };

/** A page's HTML, which stands only for addresses whose query has a non-empty `needs` parameter when it names one. */
export type PrerenderedPage = Prerendered & { needs?: string };

/**
 * The shell's dist/prerender.json: its frame per route path, each with `slot` where the area's page goes and the
 * `slotId` of that position (an area's page fits only a frame with its own slotId).
 */
export type ShellPrerender = { slot: string; frames: Record<string, Prerendered & { slotId: string }> };

/**
 * A remote's dist/prerender.json: its pages by exposed module, rendered at the position `slotId` stands for, by the
 * build whose versioned entry is `entry` (PrerenderPlugin adds it to what the area's prerender returns).
 */
export type AreaPrerender = { entry: string; slotId: string; pages: Record<string, PrerenderedPage> };

/**
 * Which stored session a prerendered page was drawn for (`data-session` on #root): a customer's frame for a visitor
 * with a session, a guest page for one without. The early script marks <html> with the visitor's (`data-session`
 * too, or `partial` for half a session, which neither kind of page hydrates for), so a page drawn for the other
 * kind of visitor is hidden before it paints.
 */
export const sessionKinds = { customer: 'customer', none: 'none', partial: 'partial' } as const;

export type SessionKind = (typeof sessionKinds)[keyof typeof sessionKinds];
