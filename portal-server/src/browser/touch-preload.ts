/**
 * The `<meta name>` by which the server names, on a guest page, the scripts the early-input script preloads at the
 * visitor's first touch (the API client: a form's submit needs it, and the shell's code runs seconds later).
 */
export const TOUCH_PRELOAD = 'portal-touch-preload';
