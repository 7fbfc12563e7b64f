import type { Queryable } from '../db';
import { hashPassword, humanId, randomToken, sha256, verifyPassword } from '../lib/crypto';
import { HttpError, unprocessable } from '../lib/errors';
import { normaliseEmail, normalisePhone } from '../lib/input';
import { addMs, toIso } from '../lib/time';
import type { Ctx } from './context';
import { lockEmails, reservedForAnother } from './email-claims';
import { claimLoginAttempt, clearLoginAttempts } from './login-throttle';
import { queueMessages } from './messages';
import { welcomeMessage } from './notice-texts';
import { priceOn } from './prices';

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
/** A reset link mailed by an undo lives longer: someone may spend the address's hourly allowance meanwhile. */
export const UNDO_RESET_TTL_MS = 24 * 3600_000;

// The routes' schemas already normalise; callers without a schema (operator CLI, seed) get the same functions.
export { normaliseEmail, normalisePhone } from '../lib/input';

export const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

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
/** A sign-up as the route has validated it (routes/auth-routes.ts, SIGNUP). */
export type SignupInput = Record<'email' | 'password' | 'confirm_password' | 'phone_number' | 'name' | 'whatsapp_number', string>;

export async function signup(ctx: Ctx, input: SignupInput) {
  if (input.password !== input.confirm_password) throw unprocessable('Passwords do not match');
  const email = normaliseEmail(input.email);
  // Hash outside the transaction: it is slow by design and must not hold a connection (or PGlite's lock).
  const passwordHash = await hashPassword(input.password, ctx.config.scryptCost);
  const now = ctx.clock();
  try {
    const user = await ctx.db.tx(async (q) => {
      // An address another account can still take back with its undo link is held for that account.
      await lockEmails(q, [email]);
      if (await reservedForAnother(q, email, null, now)) throw unprocessable('Email has already been taken');
      const [u] = await q.query<UserRow>(
        `INSERT INTO users (name, email, phone_number, whatsapp_number, password_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [input.name.trim(), email, normalisePhone(input.phone_number), normalisePhone(input.whatsapp_number), passwordHash, now],
      );
      await createWallet(q, u!.id, now);
      // The first two steps, by email and WhatsApp, sent after the answer and never lost.
      const welcome = welcomeMessage(ctx.config.portalUrl, u!.name, await priceOn(ctx, now, q));
      const messageIds = await queueMessages(
        q,
        [
          { userId: u!.id, channel: 'email', to: u!.email, ...welcome },
          { userId: u!.id, channel: 'whatsapp', to: u!.whatsapp_number, ...welcome },
        ],
        now,
      );
      return { user: u!, messageIds };
    });
    const token = await createSession(ctx, user.user.id);
    return { user: user.user, token, messageIds: user.messageIds };
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
 * A reset link for the account, mailed to `sentTo`: the row remembers the address, since the hourly allowance is
 * counted per address. Returns the link and the row's id.
 */
export async function createResetLink(ctx: Ctx, q: Queryable, userId: number, sentTo: string, now: Date, ttlMs = RESET_TTL_MS) {
  const token = randomToken();
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO password_resets (user_id, token_hash, created_at, expires_at, sent_to) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [userId, sha256(token), now, addMs(now, ttlMs), sentTo],
  );
  return { id: row!.id, link: `${ctx.config.portalUrl}/reset-password?token=${encodeURIComponent(token)}` };
}

/**
 * Mails a reset link when the address has an account and has had fewer than RESET_EMAILS_PER_HOUR links mailed to it
 * this hour. The route runs it after answering (through the outbox queue), so neither the answer nor its timing says
 * which. A link the relay did not take is deleted again: a failed send spends none of the allowance.
 */
export async function requestPasswordReset(ctx: Ctx, emailRaw: string): Promise<void> {
  const now = ctx.clock();
  const email = normaliseEmail(emailRaw);
  const created = await ctx.db.tx(async (q) => {
    // The user row lock serialises parallel requests for one address, so the hourly count cannot be overrun.
    const [u] = await q.query<UserRow>('SELECT * FROM users WHERE lower(email) = $1 FOR UPDATE', [email]);
    if (!u) return null;
    const [{ n } = { n: 0 }] = await q.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM password_resets WHERE lower(sent_to) = $1 AND created_at > $2',
      [email, addMs(now, -3600_000)],
    );
    if (Number(n) >= RESET_EMAILS_PER_HOUR) return null;
    return { user: u, ...(await createResetLink(ctx, q, u.id, u.email, now)) };
  });
  if (!created) return;
  const { user, link, id } = created;
  try {
    await ctx.outbox.send({
      channel: 'email',
      to: user.email,
      subject: 'Reset your password',
      body: `Hello ${user.name},\n\nUse this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
      link,
    });
  } catch (err) {
    await ctx.db.query('DELETE FROM password_resets WHERE id = $1 AND used_at IS NULL', [id]);
    throw err;
  }
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
    await voidResetLinks(q, reset.user_id, now);
  });
}

/** Ends every session of the customer, except the one with `keepToken` (the one making a change) when given. */
export async function revokeSessions(q: Queryable, userId: number, now: Date, keepToken?: string): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $3', [
    userId,
    now,
    keepToken ? sha256(keepToken) : '',
  ]);
}

/** Voids every reset link of the account not yet used. */
export async function voidResetLinks(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
}

/**
 * The password of a customer proving it is them (a contact change): counted like a log-in attempt, so wrong guesses
 * lock the account as failed log-ins do (429 once locked); a right one clears the count. A wrong one is 422, not 401:
 * the session is fine, and the portal logs out on 401.
 */
export async function checkCurrentPassword(ctx: Ctx, user: UserRow, password: string): Promise<void> {
  const email = normaliseEmail(user.email);
  await claimLoginAttempt(ctx, email);
  if (!(await verifyPassword(password, user.password_hash))) {
    throw unprocessable(CURRENT_PASSWORD_WRONG, { error: 'Incorrect password' });
  }
  await clearLoginAttempts(ctx, email);
}

export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';
