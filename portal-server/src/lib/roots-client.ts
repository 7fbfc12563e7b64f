/**
 * A worker's side of the roots it serves: asked of the supervisor per request (it owns `rootsFor`). A request whose
 * answer is slower than `timeoutMs` (a supervisor busy on a loaded machine) gets the last roots named, and the late
 * answer still becomes the last roots named, so no request after it serves a release older than the one answered.
 * Answers may arrive out of order: only the newest question's answer counts.
 */
export function rootsClient({
  initial,
  ask,
  connected,
  timeoutMs = 1_000,
  forgetMs = 60_000,
}: {
  /** The roots when the worker started. */
  initial: string[];
  /** Sends the question; the answer comes back through `answer(id, roots)`. */
  ask: (id: number) => void;
  connected: () => boolean;
  timeoutMs?: number;
  /** A question never answered (the supervisor could not read the store) is forgotten after this long. */
  forgetMs?: number;
}) {
  let lastRoots = initial;
  let newestAnswered = 0;
  let nextId = 0;
  const pending = new Map<number, (roots: string[]) => void>();
  return {
    roots(): Promise<string[]> {
      return new Promise((resolve) => {
        if (!connected()) return resolve(lastRoots);
        const id = ++nextId;
        const late = setTimeout(() => resolve(lastRoots), timeoutMs);
        const forget = setTimeout(() => pending.delete(id), forgetMs);
        forget.unref?.();
        pending.set(id, (named) => {
          clearTimeout(late);
          clearTimeout(forget);
          pending.delete(id);
          if (id > newestAnswered) {
            newestAnswered = id;
            lastRoots = named;
          }
          resolve(named);
        });
        ask(id);
      });
    },
    answer(id: number, roots: string[]): void {
      pending.get(id)?.(roots);
    },
  };
}
