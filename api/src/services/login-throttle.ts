import type { Queryable } from '../db';
import { HttpError } from '../lib/errors';
import { addMs } from '../lib/time';
import type { Ctx } from './context';

/** Wrong passwords allowed per email within the window before that email is locked. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const LOGIN_LOCKED_MESSAGE =
  'Too many failed log-in attempts for this account. Try again in 15 minutes or reset your password.';

/**
 * Counts a log-in attempt for `email` BEFORE its password is checked, in one atomic upsert, so parallel guesses
 * (on any instance, from any IP) get at most LOGIN_MAX_FAILURES password checks per window; a successful log-in
 * clears the count again. The attempt that reaches the maximum locks the email for LOGIN_LOCK_MS, and attempts
 * while locked are refused (429) without touching the password, for known and unknown emails alike.
 */
export async function claimLoginAttempt(ctx: Ctx, email: string): Promise<void> {
  const now = ctx.clock();
  const [row] = await ctx.db.query<{ failures: number }>(
    `INSERT INTO login_throttles AS t (email, failures, window_start, locked_until)
     VALUES ($1, 1, $2, NULL)
     ON CONFLICT (email) DO UPDATE SET
       failures = CASE WHEN t.locked_until > $2 THEN GREATEST(t.failures, $4) + 1
                       WHEN t.window_start > $3 THEN t.failures + 1
                       ELSE 1 END,
       window_start = CASE WHEN t.locked_until > $2 OR t.window_start > $3 THEN t.window_start ELSE $2 END,
       locked_until = CASE WHEN t.locked_until > $2 THEN t.locked_until
                           WHEN t.window_start > $3 AND t.failures + 1 >= $4 THEN $5::timestamptz
                           END
     RETURNING failures`,
    [email, now, addMs(now, -LOGIN_WINDOW_MS), LOGIN_MAX_FAILURES, addMs(now, LOGIN_LOCK_MS)],
  );
  if (Number(row!.failures) > LOGIN_MAX_FAILURES) {
    throw new HttpError(429, LOGIN_LOCKED_MESSAGE, { error: 'Too many failed log-in attempts' });
  }
}

/** A correct password (or a completed password reset) ends the count and any lock for that email. */
export async function clearLoginAttempts(ctx: Ctx, email: string, q: Queryable = ctx.db): Promise<void> {
  await q.query('DELETE FROM login_throttles WHERE email = $1', [email]);
}

/** Drops counters nobody needs any more (run by the periodic sweep). */
export async function pruneThrottles(ctx: Ctx): Promise<void> {
  const now = ctx.clock();
  await ctx.db.query('DELETE FROM login_throttles WHERE window_start <= $1 AND (locked_until IS NULL OR locked_until <= $2)', [
    addMs(now, -LOGIN_WINDOW_MS),
    now,
  ]);
  await ctx.db.query('DELETE FROM rate_limit_counters WHERE reset_at <= $1', [now]);
}
