import type { Config } from '../config';
import type { Db } from '../db';
import type { Clock } from '../lib/time';
import type { Outbox } from '../outbox';
import type { OutboxQueue } from '../outbox/queue';

/** What every service function needs; built once per server. */
export interface Ctx {
  db: Db;
  config: Config;
  outbox: Outbox;
  clock: Clock;
  /** Sends after the answer (the server has one); without it (the operator command line) work runs inline. */
  queue?: OutboxQueue;
}

/** Queues `task` after the answer when the server has a queue, else runs it now. */
export async function sendLater(ctx: Ctx, label: string, task: () => Promise<unknown>): Promise<void> {
  if (ctx.queue) return ctx.queue.later(label, task);
  await task();
}
