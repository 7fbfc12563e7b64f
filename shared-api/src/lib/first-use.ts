/**
 * Code downloaded when it is first needed rather than with the page (a dialog, the HTTP client, the toast library):
 * the portal's one way of loading code lazily outside React. The shell's `useLoadedComponent` draws such a module's
 * component once it is here.
 */
export interface FirstUse<T> {
  /** Starts the download, or joins the one under way; a failed download is tried again by the next call. */
  load(): Promise<T>;
  /** Starts the download without waiting for it; a failure is reported by the next `load`. */
  warm(): void;
  /** The module, once downloaded: a screen renders from it without waiting. */
  current(): T | undefined;
  /** Handlers that start the download on intent (a pointer over or pressing the control that opens it, or its focus). */
  intent: { onPointerEnter: () => void; onPointerDown: () => void; onFocus: () => void };
}

export function firstUse<T>(importer: () => Promise<T>): FirstUse<T> {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  const load = () =>
    (pending ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const warm = () => void load().catch(() => undefined);
  return { load, warm, current: () => loaded, intent: { onPointerEnter: warm, onPointerDown: warm, onFocus: warm } };
}
