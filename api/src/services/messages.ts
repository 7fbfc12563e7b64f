import type { Queryable } from '../db';
import { addMs } from '../lib/time';
import type { OutboxInput } from '../outbox';
import type { Ctx } from './context';

/**
 * Messages that must not be lost (money events, contact-change notices, the owner's notices): written as rows of
 * `messages` in the transaction that makes them true, then sent one by one. A row is claimed by one instance for
 * CLAIM_MS before it is sent, marked sent only once the outbox took it, and on a failure retried later with backoff
 * by whichever instance sweeps first, so each is sent once even with several instances sweeping. Reset links and
 * verification codes are not here: they are sent at once, and a failure spends no allowance (services/users.ts,
 * services/verification.ts).
 */
export interface QueuedMessage extends OutboxInput {
  userId?: number | null;
}

/** How long one instance holds a message it is sending; a stopped instance's claim lapses after it. */
const CLAIM_MS = 10 * 60_000;
/** Attempts before a message is given up (and logged): about 8 hours of retries. */
export const MAX_ATTEMPTS = 12;
/** 1, 2, 4 … minutes after each failure, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

interface MessageRow {
  id: string | number;
  channel: 'email' | 'whatsapp';
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  attempts: number;
}

/** Writes messages to send; call inside the transaction that makes them true, then `sendQueued` after the commit. */
export async function queueMessages(q: Queryable, messages: QueuedMessage[], now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const m of messages) {
    const [row] = await q.query<{ id: string | number }>(
      `INSERT INTO messages (user_id, channel, recipient, subject, body, link, created_at, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
      [m.userId ?? null, m.channel, m.to, m.subject, m.body, m.link ?? null, now],
    );
    ids.push(Number(row!.id));
  }
  return ids;
}

/** Sends one message if no one else holds it; a failure is recorded for a later attempt and thrown. */
async function sendOne(ctx: Ctx, id: number): Promise<boolean> {
  const now = ctx.clock();
  const [m] = await ctx.db.query<MessageRow>(
    `UPDATE messages SET claimed_until = $2, attempts = attempts + 1
     WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $3 AND (claimed_until IS NULL OR claimed_until <= $3)
     RETURNING id, channel, recipient, subject, body, link, attempts`,
    [id, addMs(now, CLAIM_MS), now],
  );
  if (!m) return false;
  try {
    await ctx.outbox.send({ channel: m.channel, to: m.recipient, subject: m.subject, body: m.body, ...(m.link ? { link: m.link } : {}) });
  } catch (err) {
    const at = ctx.clock();
    const attempts = Number(m.attempts);
    await ctx.db.query('UPDATE messages SET claimed_until = NULL, next_attempt_at = $2, last_error = $3, failed_at = $4 WHERE id = $1', [
      id,
      addMs(at, retryDelayMs(attempts)),
      (err instanceof Error ? err.message : String(err)).slice(0, 500),
      attempts >= MAX_ATTEMPTS ? at : null,
    ]);
    throw err;
  }
  // Sent: the text (which may hold a link) is no longer kept.
  await ctx.db.query("UPDATE messages SET sent_at = $2, claimed_until = NULL, body = '', link = NULL WHERE id = $1", [id, ctx.clock()]);
  return true;
}

/**
 * Sends queued messages after the answer (the server's queue logs a failure; the sweep retries it). Without a queue
 * (the operator command line) they are tried now, and a failure is left to the next sweep.
 */
export async function sendQueued(ctx: Ctx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  for (const id of ids) {
    if (ctx.queue) ctx.queue.later(`message ${id}`, () => sendOne(ctx, id));
    else await sendOne(ctx, id).catch(() => undefined);
  }
}

/** The sweep: every message due for a (first or next) attempt, each claimed by one instance. Returns how many were sent. */
export async function sendDue(ctx: Ctx, onError: (err: unknown, id: number) => void = () => undefined): Promise<number> {
  const now = ctx.clock();
  const due = await ctx.db.query<{ id: string | number }>(
    `SELECT id FROM messages WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
     ORDER BY id LIMIT 500`,
    [now],
  );
  let sent = 0;
  for (const { id } of due) {
    try {
      if (await sendOne(ctx, Number(id))) sent += 1;
    } catch (err) {
      onError(err, Number(id));
    }
  }
  return sent;
}
