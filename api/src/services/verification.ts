import { sha256, sixDigitCode } from '../lib/crypto';
import { HttpError, unprocessable } from '../lib/errors';
import { addMs } from '../lib/time';
import type { Ctx } from './context';
import type { UserRow } from './users';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/**
 * Codes one customer can have sent per channel per hour, whatever IP addresses they come from. With 5 guesses per
 * code this bounds guessing at 50 tries an hour against a 1-in-a-million code (the per-IP rate limit is on top).
 */
export const MAX_CODES_PER_HOUR = 10;

type Channel = 'email' | 'whatsapp';

export async function sendCode(ctx: Ctx, user: UserRow, channel: Channel): Promise<void> {
  const code = sixDigitCode();
  const now = ctx.clock();
  const target = channel === 'email' ? user.email : user.whatsapp_number;
  const codeId = await ctx.db.tx(async (q) => {
    // Lock the customer so concurrent sends count each other.
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
    const [{ sent } = { sent: 0 }] = await q.query<{ sent: number }>(
      'SELECT count(*)::int AS sent FROM verification_codes WHERE user_id = $1 AND channel = $2 AND created_at > $3',
      [user.id, channel, addMs(now, -3600_000)],
    );
    if (Number(sent) >= MAX_CODES_PER_HOUR) {
      throw new HttpError(429, 'Too many codes requested. Please try again in an hour.', { error: 'Too many requests' });
    }
    // Only the newest code is valid: a resend supersedes the previous one.
    await q.query('UPDATE verification_codes SET used_at = $3 WHERE user_id = $1 AND channel = $2 AND used_at IS NULL', [
      user.id,
      channel,
      now,
    ]);
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO verification_codes (user_id, channel, target, code_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [user.id, channel, target, sha256(`${user.id}:${code}`), now, addMs(now, CODE_TTL_MS)],
    );
    return row!.id;
  });
  const message =
    channel === 'email'
      ? { subject: 'Your email verification code', body: `Your verification code is ${code}. It expires in 10 minutes.` }
      : { subject: 'WhatsApp verification code', body: `Your Starlink portal verification code is ${code}. It expires in 10 minutes.` };
  try {
    await ctx.outbox.send({ channel, to: target, ...message, code });
  } catch (err) {
    // A code that never left spends none of the hourly allowance, and the caller is told to try again.
    await ctx.db.query('DELETE FROM verification_codes WHERE id = $1', [codeId]);
    throw Object.assign(new HttpError(503, CODE_NOT_SENT[channel], { error: 'Code not sent' }), { cause: err });
  }
}

/** A send the relay refused: the customer can act on it (try again later), unlike a 500. */
export const CODE_NOT_SENT: Record<Channel, string> = {
  email: 'We could not send the code to your email just now. Please try again in a few minutes.',
  whatsapp: 'We could not send the code to your WhatsApp just now. Please try again in a few minutes.',
};

/** Checks a code; on success marks it used and the channel verified. Wrong guesses count against the code. */
export async function confirmCode(ctx: Ctx, user: UserRow, channel: Channel, code: string): Promise<UserRow> {
  const now = ctx.clock();
  const fail = (message: string) => unprocessable(message, { error: message });
  const outcome = await ctx.db.tx(async (q): Promise<{ error: string } | { user: UserRow }> => {
    const [row] = await q.query<{ id: number; code_hash: string; attempts: number; target: string; expires_at: Date }>(
      `SELECT * FROM verification_codes WHERE user_id = $1 AND channel = $2 AND used_at IS NULL
       ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [user.id, channel],
    );
    if (!row || new Date(row.expires_at) <= now) return { error: 'Verification code has expired. Please request a new one.' };
    if (row.attempts >= MAX_CODE_ATTEMPTS) return { error: 'Too many attempts. Please request a new code.' };
    const current = channel === 'email' ? user.email : user.whatsapp_number;
    if (row.target !== current) return { error: 'Verification code has expired. Please request a new one.' };
    if (!/^\d{6}$/.test(code) || sha256(`${user.id}:${code}`) !== row.code_hash) {
      await q.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
      return { error: 'Invalid verification code' };
    }
    await q.query('UPDATE verification_codes SET used_at = $2 WHERE id = $1', [row.id, now]);
    const column = channel === 'email' ? 'email_verified' : 'whatsapp_verified';
    const [u] = await q.query<UserRow>(`UPDATE users SET ${column} = TRUE WHERE id = $1 RETURNING *`, [user.id]);
    return { user: u! };
  });
  // The attempt counter must be committed, so the failure is raised after the transaction, not inside it.
  if ('error' in outcome) throw fail(outcome.error);
  return outcome.user;
}
