import type { Queryable } from '../db';
import type { SignupInput } from '../routes/auth-routes';
import { hashPassword, humanId, randomToken, sha256, verifyPassword } from '../lib/crypto';
import { HttpError, unprocessable } from '../lib/errors';
import { normaliseEmail, normalisePhone } from '../lib/input';
import { addMs, toIso } from '../lib/time';
import type { Ctx } from './context';
import { claimLoginAttempt, clearLoginAttempts } from './login-throttle';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  whatsapp_number: string;
  password_hash: string;
  email_verified: boolean;
  whatsapp_verified: boolean;
  created_at: Date;
}

export const serializeUser = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone_number: u.phone_number,
  whatsapp_number: u.whatsapp_number,
  whatsapp_verified: u.whatsapp_verified,
  email_verified: u.email_verified,
  created_at: toIso(u.created_at),
});

const RESET_TTL_MS = 60 * 60 * 1000;

// The routes' schemas already normalise; callers without a schema (operator CLI, seed) get the same functions.
export { normaliseEmail, normalisePhone } from '../lib/input';

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

export async function createWallet(q: Queryable, userId: number, now: Date): Promise<void> {
  // wallet_id is random; retry on the (unlikely) collision rather than expose sequential ids.
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await q.query(
      'INSERT INTO wallets (user_id, wallet_id, balance, created_at) VALUES ($1, $2, 0, $3) ON CONFLICT DO NOTHING RETURNING id',
      [userId, humanId('SLW'), now],
    );
    if (rows.length) return;
    const existing = await q.query('SELECT id FROM wallets WHERE user_id = $1', [userId]);
    if (existing.length) return;
  }
  throw new Error('Could not allocate a wallet id');
}

/** `input` is what the signup route's schema validated and normalised. */
export async function signup(ctx: Ctx, input: SignupInput) {
  if (input.password !== input.confirm_password) throw unprocessable('Passwords do not match');
  const email = normaliseEmail(input.email);
  // Hash outside the transaction: it is slow by design and must not hold a connection (or PGlite's lock).
  const passwordHash = await hashPassword(input.password, ctx.config.scryptCost);
  const now = ctx.clock();
  try {
    const user = await ctx.db.tx(async (q) => {
      const [u] = await q.query<UserRow>(
        `INSERT INTO users (name, email, phone_number, whatsapp_number, password_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [input.name.trim(), email, normalisePhone(input.phone_number), normalisePhone(input.whatsapp_number), passwordHash, now],
      );
      await createWallet(q, u!.id, now);
      return u!;
    });
    const token = await createSession(ctx, user.id);
    return { user, token };
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable('Email has already been taken');
    throw err;
  }
}

export async function createSession(ctx: Ctx, userId: number, q: Queryable = ctx.db): Promise<string> {
  const token = randomToken();
  const now = ctx.clock();
  await q.query('INSERT INTO sessions (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    userId,
    sha256(token),
    now,
    addMs(now, ctx.config.sessionTtlHours * 3600_000),
  ]);
  return token;
}

// A fixed hash per cost to verify against when the email is unknown, so both answers take as long.
const dummyHashes = new Map<number, Promise<string>>();
/** The hash an unknown login is checked against; made at start-up so even the first unknown login costs one hash. */
export function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword('not-a-real-password', cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

export async function login(ctx: Ctx, emailRaw: string, password: string) {
  const email = normaliseEmail(emailRaw);
  await claimLoginAttempt(ctx, email);
  const [user] = await ctx.db.query<UserRow>('SELECT * FROM users WHERE lower(email) = $1', [email]);
  if (!user) {
    await verifyPassword(password, await dummyHash(ctx.config.scryptCost));
    throw new HttpError(401, 'Invalid email or password');
  }
  if (!(await verifyPassword(password, user.password_hash))) throw new HttpError(401, 'Invalid email or password');
  await clearLoginAttempts(ctx, email);
  const token = await createSession(ctx, user.id);
  return { user, token };
}

/** The user behind a bearer token, or null when it is unknown, expired or revoked. */
export async function authenticate(ctx: Ctx, token: string): Promise<UserRow | null> {
  const rows = await ctx.db.query<UserRow>(
    `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [sha256(token), ctx.clock()],
  );
  return rows[0] ?? null;
}

export async function revokeSession(ctx: Ctx, token: string): Promise<void> {
  await ctx.db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [sha256(token), ctx.clock()]);
}

export const RESET_REQUEST_MESSAGE = 'If an account exists for that email, a reset link has been sent.';

/** Reset emails one address can be sent per hour: enough for a customer, too few to flood a mailbox. */
export const RESET_EMAILS_PER_HOUR = 5;

/**
 * Mails a reset link when the address has an account and has had fewer than RESET_EMAILS_PER_HOUR this hour. The
 * route runs it after answering (through the outbox queue), so neither the answer nor its timing says which.
 */
export async function requestPasswordReset(ctx: Ctx, emailRaw: string): Promise<void> {
  const token = randomToken();
  const now = ctx.clock();
  const user = await ctx.db.tx(async (q) => {
    // The user row lock serialises parallel requests for one address, so the hourly count cannot be overrun.
    const [u] = await q.query<UserRow>('SELECT * FROM users WHERE lower(email) = $1 FOR UPDATE', [normaliseEmail(emailRaw)]);
    if (!u) return null;
    const [{ n } = { n: 0 }] = await q.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM password_resets WHERE user_id = $1 AND created_at > $2',
      [u.id, addMs(now, -3600_000)],
    );
    if (Number(n) >= RESET_EMAILS_PER_HOUR) return null;
    await q.query('INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      u.id,
      sha256(token),
      now,
      addMs(now, RESET_TTL_MS),
    ]);
    return u;
  });
  if (!user) return;
  const link = `${ctx.config.portalUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.outbox.send({
    channel: 'email',
    to: user.email,
    subject: 'Reset your password',
    body: `Hello ${user.name},\n\nUse this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
    link,
  });
}

export async function resetPassword(ctx: Ctx, token: string, password: string): Promise<void> {
  const invalid = () =>
    unprocessable('This reset link is invalid or has expired. Please request a new one.', {
      error: 'Invalid or expired reset token',
    });
  if (!token || token.length > 200) throw invalid();
  // An invalid link is refused before the (deliberately slow) hash, so guessing links costs the server nothing.
  const [live] = await ctx.db.query('SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2', [
    sha256(token),
    ctx.clock(),
  ]);
  if (!live) throw invalid();
  const passwordHash = await hashPassword(password, ctx.config.scryptCost);
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    // Claiming the token with a conditional UPDATE makes it single-use even when two requests race.
    const [reset] = await q.query<{ user_id: number }>(
      `UPDATE password_resets SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [sha256(token), now],
    );
    if (!reset) throw invalid();
    const [user] = await q.query<{ email: string }>('UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING email', [
      reset.user_id,
      passwordHash,
    ]);
    // The way out of a log-in lock: proving control of the mailbox lifts it.
    await clearLoginAttempts(ctx, normaliseEmail(user!.email), q);
    // A reset usually means the old password leaked: end every session and every other outstanding link.
    await revokeSessions(q, reset.user_id, now);
    await q.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [reset.user_id, now]);
  });
}

export type ProfileField = 'email' | 'phone_number' | 'whatsapp_number';

/** Ends every session of the customer, except the one with `keepToken` (the one making a change) when given. */
async function revokeSessions(q: Queryable, userId: number, now: Date, keepToken?: string): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $3', [
    userId,
    now,
    keepToken ? sha256(keepToken) : '',
  ]);
}

/** How long the link in a change notice can put the old value back. */
export const REVERT_TTL_MS = 7 * 24 * 3600_000;

export interface ContactChange {
  user: UserRow;
  /** The link's token for the notice to the old value; null when nothing changed. */
  revertToken: string | null;
}

const CHANGE_SQL: Record<ProfileField, string> = {
  // A new address is unproven until its own OTP is confirmed.
  email: 'UPDATE users SET email = $2, email_verified = (CASE WHEN lower(email) = $2 THEN email_verified ELSE FALSE END) WHERE id = $1 RETURNING *',
  whatsapp_number:
    'UPDATE users SET whatsapp_number = $2, whatsapp_verified = (CASE WHEN whatsapp_number = $2 THEN whatsapp_verified ELSE FALSE END) WHERE id = $1 RETURNING *',
  phone_number: 'UPDATE users SET phone_number = $2 WHERE id = $1 RETURNING *',
};

const sameValue = (field: ProfileField, a: string, b: string) => (field === 'email' ? normaliseEmail(a) === normaliseEmail(b) : a === b);

/**
 * Changes one contact field, in one transaction. A real change voids every reset link sent before it (one mailed
 * to an address the customer no longer has must not open the account) and records a single-use revert link for
 * the notice to the old value; a new email address also starts unverified and ends every other session (whoever
 * changed it keeps theirs). The caller then sends the notice with `notifyContactChanged`.
 */
export async function changeProfile(ctx: Ctx, user: UserRow, field: ProfileField, raw: string, sessionToken?: string): Promise<ContactChange> {
  const value = field === 'email' ? normaliseEmail(raw) : normalisePhone(raw);
  const previous = user[field];
  const changes = !sameValue(field, previous, value);
  const revertToken = changes ? randomToken() : null;
  const now = ctx.clock();
  try {
    const updated = await ctx.db.tx(async (q) => {
      const [u] = await q.query<UserRow>(CHANGE_SQL[field], [user.id, value]);
      if (!revertToken) return u!;
      if (field === 'email') await revokeSessions(q, user.id, now, sessionToken);
      await q.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [user.id, now]);
      const verified = field === 'email' ? user.email_verified : field === 'whatsapp_number' ? user.whatsapp_verified : false;
      await q.query(
        `INSERT INTO contact_reverts (user_id, field, old_value, old_verified, new_value, token_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [user.id, field, previous, verified, value, sha256(revertToken), now, addMs(now, REVERT_TTL_MS)],
      );
      return u!;
    });
    return { user: updated, revertToken };
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable('Email has already been taken');
    throw err;
  }
}

const FIELD_NAME: Record<ProfileField, string> = { email: 'email address', phone_number: 'phone number', whatsapp_number: 'WhatsApp number' };

export const revertLink = (ctx: Ctx, token: string) => `${ctx.config.publicApiUrl}/api/v1/contact_reverts/${encodeURIComponent(token)}`;

/**
 * Tells the old value that it was replaced (email for an address, WhatsApp for a number), with the link that puts
 * it back: the one way out for an owner whose session was stolen.
 */
export async function notifyContactChanged(ctx: Ctx, field: ProfileField, previous: UserRow, change: ContactChange): Promise<void> {
  if (!change.revertToken) return;
  const link = revertLink(ctx, change.revertToken);
  const what = FIELD_NAME[field];
  const body =
    `Hello ${change.user.name},\n\nThe ${what} of your Starlink portal account was changed from ${previous[field]} to ${change.user[field]}.` +
    (field === 'email' ? ' Other devices were signed out.' : '') +
    `\n\nIf this wasn't you, open this link within 7 days to put ${previous[field]} back and sign every device out:\n${link}\n\n` +
    'Then choose a new password and contact support.';
  await ctx.outbox.send({
    channel: field === 'email' ? 'email' : 'whatsapp',
    to: previous[field],
    subject: `Your ${what} was changed`,
    body,
    link,
  });
}

export interface RevertInfo {
  field: ProfileField;
  old_value: string;
  new_value: string;
}

const revertInvalid = () =>
  unprocessable('This link is invalid, has expired or was already used.', { error: 'Invalid or expired revert link' });

/** What a live revert link would put back, for its confirmation page; nothing changes. */
export async function peekRevert(ctx: Ctx, token: string): Promise<RevertInfo> {
  const [r] = await ctx.db.query<RevertInfo>(
    'SELECT field, old_value, new_value FROM contact_reverts WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [sha256(token), ctx.clock()],
  );
  if (!r) throw revertInvalid();
  return r;
}

/**
 * Puts the old value back (with the verified mark it had), ends every session of the account, voids every reset
 * link and the revert links of later changes to the same field (those went to values the intruder chose).
 */
export async function revertContactChange(ctx: Ctx, token: string): Promise<RevertInfo> {
  const now = ctx.clock();
  try {
    return await ctx.db.tx(async (q) => {
      // Claiming with a conditional UPDATE makes the link single-use when two requests race.
      const [r] = await q.query<RevertInfo & { id: number; user_id: number; old_verified: boolean }>(
        `UPDATE contact_reverts SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING *`,
        [sha256(token), now],
      );
      if (!r) throw revertInvalid();
      if (r.field === 'email') {
        await q.query('UPDATE users SET email = $2, email_verified = $3 WHERE id = $1', [r.user_id, r.old_value, r.old_verified]);
      } else if (r.field === 'whatsapp_number') {
        await q.query('UPDATE users SET whatsapp_number = $2, whatsapp_verified = $3 WHERE id = $1', [r.user_id, r.old_value, r.old_verified]);
      } else {
        await q.query('UPDATE users SET phone_number = $2 WHERE id = $1', [r.user_id, r.old_value]);
      }
      await revokeSessions(q, r.user_id, now);
      await q.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [r.user_id, now]);
      await q.query('UPDATE contact_reverts SET used_at = $3 WHERE user_id = $1 AND field = $2 AND id > $4 AND used_at IS NULL', [
        r.user_id,
        r.field,
        now,
        r.id,
      ]);
      return { field: r.field, old_value: r.old_value, new_value: r.new_value };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable('That email address now belongs to another account. Please contact support.');
    throw err;
  }
}
