/**
 * Work that sends messages after the answer has left (a reset email, a change notice), so how long a mail relay
 * takes, or whether it is down, never shows in a response. Failures are logged, never thrown at a caller.
 */
export class OutboxQueue {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (err: unknown, label: string) => void) {}

  /** Runs `task` on a later turn of the event loop. */
  later(label: string, task: () => Promise<unknown>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .then(
        () => undefined,
        (err: unknown) => this.onError(err, label),
      )
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Resolves once every queued task has finished (close() and tests wait for it). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
