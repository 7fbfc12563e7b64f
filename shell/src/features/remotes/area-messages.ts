import type { AreaFailure } from './area-load-error';

/**
 * Every text an area that cannot be shown says (none of them is a spec section 8 message): why, and the one thing to
 * do. Only `offline` (the browser says it has no network) asks the customer to check their connection.
 */
export const areaMessages = {
  loading: (area: string) => `Loading ${area}…`,
  unavailable: (area: string) => `${area} is unavailable`,
  newVersion: (area: string) => `A new version of ${area} is available.`,
  reloadToOpen: 'Reload the page to open it.',
  reload: 'Reload',
  retry: 'Retry',
  why: {
    offline: 'This part of the portal could not be loaded. Check your connection and try again; the rest of the portal still works.',
    unreachable: "This part of the portal could not be loaded: its server is not answering. Please try again in a moment; the rest of the portal still works.",
    'portal-unreachable': "This part of the portal could not be loaded: the portal's server is not answering. Please try again in a moment.",
    incomplete: 'This part of the portal could not be loaded: a file of its current version is missing on the server. Please try again later; the rest of the portal still works.',
    failed: 'This part of the portal could not be loaded. Please try again; the rest of the portal still works.',
  } satisfies Record<Exclude<AreaFailure, 'outdated'>, string>,
} as const;
