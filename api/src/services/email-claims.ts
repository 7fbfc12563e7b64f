import type { Queryable } from '../db';
import { normaliseEmail } from '../lib/input';

/**
 * Every transaction that gives an email address to an account (signup, a change, an undo) first takes a lock on that
 * address, so the check below and the write that follows cannot interleave with another account's (on PGlite,
 * transactions already run one at a time; the lock is then free).
 */
export async function lockEmails(q: Queryable, emails: string[]): Promise<void> {
  // In one order, so two transactions locking the same two addresses cannot deadlock.
  for (const email of [...new Set(emails.map(normaliseEmail))].sort()) {
    await q.query('SELECT pg_advisory_xact_lock(727275, hashtext($1))', [email]);
  }
}

/**
 * True when the address is held for another account: an undo link of that account can still put it back (its
 * contact change moved away from it less than 7 days ago), so nobody else may sign up with it or move to it.
 */
export async function reservedForAnother(q: Queryable, email: string, userId: number | null, now: Date): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM contact_reverts WHERE field = 'email' AND lower(old_value) = $1 AND used_at IS NULL AND expires_at > $2
       AND ($3::int IS NULL OR user_id <> $3::int) LIMIT 1`,
    [normaliseEmail(email), now, userId],
  );
  return rows.length > 0;
}
