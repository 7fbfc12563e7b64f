import type { Queryable } from '../../db';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { HttpError, unprocessable } from '../../lib/errors';
import { checkEmail, normaliseEmail } from '../../lib/input';
import { addMs, toIso } from '../../lib/time';
import type { Ctx } from '../context';
import { claimLoginAttempt, clearLoginAttempts } from '../login-throttle';
import { dummyHash } from '../users';
import { STAFF_ROLES, writeAudit, type Actor, type StaffRole } from './audit';
import { newTotpSecret, totpStep, totpUri } from './totp';

/** An enrolment link works once, within a day. */
export const ENROLMENT_TTL_MS = 24 * 3600_000;
/** A staff session ends after 30 minutes without a call, and after 12 hours whatever happens. */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MAX_MS = 12 * 3600_000;
/** Staff passwords open money decisions: longer than a customer's. */
export const STAFF_PASSWORD_MIN = 12;

export interface StaffRow {
  id: number;
  email: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: string | number | null;
  enrolled_at: Date | null;
  disabled_at: Date | null;
  created_at: Date;
}

export const serializeStaff = (s: StaffRow) => ({
  id: s.id,
  email: s.email,
  role: s.role,
  enrolled: s.enrolled_at !== null,
  created_at: toIso(s.created_at),
});

/** The staff member as an actor of the audit log. */
export const staffActor = (s: Pick<StaffRow, 'id' | 'email' | 'role'>): Actor => ({ kind: 'staff', id: s.id, email: s.email, role: s.role });

/**
 * Log-in attempts are counted per email in the customers' table; a staff member's under a key of its own, so a
 * customer with the same address and the staff member never lock each other out.
 */
const throttleKey = (email: string) => `staff:${normaliseEmail(email)}`;

const enrolmentLink = (ctx: Ctx, token: string) => `${ctx.config.portalUrl}/staff/enrol?token=${encodeURIComponent(token)}`;

async function newEnrolment(ctx: Ctx, q: Queryable, staffId: number, now: Date): Promise<{ link: string; expires_at: string }> {
  const token = randomToken();
  const expires = addMs(now, ENROLMENT_TTL_MS);
  // A new link voids the ones sent before it.
  await q.query('UPDATE staff_enrolments SET used_at = $2 WHERE staff_id = $1 AND used_at IS NULL', [staffId, now]);
  await q.query(
    'INSERT INTO staff_enrolments (staff_id, token_hash, totp_secret, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [staffId, sha256(token), newTotpSecret(), now, expires],
  );
  return { link: enrolmentLink(ctx, token), expires_at: expires.toISOString() };
}

/**
 * A staff member with `role`, and their one-time enrolment link (24 hours). Adding an address that is already staff
 * and not yet enrolled sends a new link (the old one is void); an enrolled member is refused: their role stays.
 */
export async function addStaff(ctx: Ctx, actor: Actor, emailRaw: string, role: string) {
  const email = checkEmail(emailRaw);
  if (!email) throw unprocessable('Enter a valid email address.');
  if (!(STAFF_ROLES as readonly string[]).includes(role)) throw unprocessable(`The role must be one of: ${STAFF_ROLES.join(', ')}.`);
  const now = ctx.clock();
  return ctx.db.tx(async (q) => {
    const [existing] = await q.query<StaffRow>('SELECT * FROM staff WHERE lower(email) = $1 FOR UPDATE', [email]);
    if (existing?.enrolled_at) throw unprocessable(`${existing.email} is already a staff member (${existing.role}).`);
    const [member] = existing
      ? await q.query<StaffRow>('UPDATE staff SET role = $2 WHERE id = $1 RETURNING *', [existing.id, role])
      : await q.query<StaffRow>('INSERT INTO staff (email, role, created_at) VALUES ($1, $2, $3) RETURNING *', [email, role, now]);
    const enrolment = await newEnrolment(ctx, q, member!.id, now);
    await writeAudit(q, actor, { kind: 'staff.add', subject: email, before: existing ? { role: existing.role } : null, after: { role } }, now);
    return { staff: serializeStaff(member!), enrolment_link: enrolment.link, expires_at: enrolment.expires_at };
  });
}

export async function listStaff(ctx: Ctx) {
  const rows = await ctx.db.query<StaffRow>('SELECT * FROM staff WHERE disabled_at IS NULL ORDER BY lower(email)');
  return rows.map(serializeStaff);
}

const LINK_INVALID = 'This enrolment link is invalid, has expired or was already used. Ask an admin for a new one.';

interface EnrolmentRow {
  id: number;
  staff_id: number;
  totp_secret: string;
  email: string;
  role: StaffRole;
}

async function liveEnrolment(q: Queryable, token: string, now: Date, lock = false): Promise<EnrolmentRow> {
  const [row] = await q.query<EnrolmentRow>(
    `SELECT e.id, e.staff_id, e.totp_secret, s.email, s.role FROM staff_enrolments e JOIN staff s ON s.id = e.staff_id
     WHERE e.token_hash = $1 AND e.used_at IS NULL AND e.expires_at > $2 AND s.disabled_at IS NULL ${lock ? 'FOR UPDATE OF e' : ''}`,
    [sha256(token), now],
  );
  if (!row) throw unprocessable(LINK_INVALID, { error: 'Invalid enrolment link' });
  return row;
}

/** What the enrolment page shows: who is enrolling, and the authenticator's secret as an address and as text. */
export async function peekEnrolment(ctx: Ctx, token: string) {
  const row = await liveEnrolment(ctx.db, token, ctx.clock());
  return { email: row.email, role: row.role, secret: row.totp_secret, otpauth_uri: totpUri(row.totp_secret, row.email) };
}

/**
 * Completes an enrolment: the password is set and the secret kept once a code from it proves the authenticator has
 * it; that code's step is spent. The link then works no more. Answers with a session, as a sign-in does.
 */
export async function completeEnrolment(ctx: Ctx, token: string, password: string, code: string) {
  if (password.length < STAFF_PASSWORD_MIN) throw unprocessable(`The password must be at least ${STAFF_PASSWORD_MIN} characters.`);
  const passwordHash = await hashPassword(password, ctx.config.scryptCost);
  const now = ctx.clock();
  return ctx.db.tx(async (q) => {
    const enrolment = await liveEnrolment(q, token, now, true);
    const step = totpStep(enrolment.totp_secret, code.trim(), now);
    if (step === null) throw unprocessable('That code is not right. Enter the 6 digits your authenticator app shows now.', { error: 'Invalid code' });
    await q.query('UPDATE staff_enrolments SET used_at = $2 WHERE id = $1', [enrolment.id, now]);
    const [member] = await q.query<StaffRow>(
      `UPDATE staff SET password_hash = $2, totp_secret = $3, totp_last_step = $4, enrolled_at = $5 WHERE id = $1 RETURNING *`,
      [enrolment.staff_id, passwordHash, enrolment.totp_secret, step, now],
    );
    await writeAudit(q, staffActor(member!), { kind: 'staff.enrol', subject: member!.email, after: { role: member!.role } }, now);
    return { staff: serializeStaff(member!), token: await createStaffSession(q, member!.id, now) };
  });
}

async function createStaffSession(q: Queryable, staffId: number, now: Date): Promise<string> {
  const token = randomToken();
  await q.query(
    'INSERT INTO staff_sessions (staff_id, token_hash, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)',
    [staffId, sha256(token), now, addMs(now, STAFF_SESSION_MAX_MS)],
  );
  return token;
}

const SIGN_IN_WRONG = 'Incorrect email, password or code.';

/**
 * Sign-in with the password and a current authenticator code. Attempts count like a customer's log-in (10 failures
 * in 15 minutes lock the address for 15, known or not, and every failure costs one hash); a code is accepted once:
 * its step must be newer than the last one used, claimed in one conditional UPDATE so two requests cannot share it.
 */
export async function signInStaff(ctx: Ctx, emailRaw: string, password: string, code: string) {
  const email = normaliseEmail(emailRaw);
  await claimLoginAttempt(ctx, throttleKey(email));
  const [member] = await ctx.db.query<StaffRow>('SELECT * FROM staff WHERE lower(email) = $1 AND disabled_at IS NULL', [email]);
  if (!member?.password_hash || !member.totp_secret) {
    await verifyPassword(password, await dummyHash(ctx.config.scryptCost));
    throw new HttpError(401, SIGN_IN_WRONG);
  }
  if (!(await verifyPassword(password, member.password_hash))) throw new HttpError(401, SIGN_IN_WRONG);
  const now = ctx.clock();
  const step = totpStep(member.totp_secret, code.trim(), now);
  if (step === null) throw new HttpError(401, SIGN_IN_WRONG);
  return ctx.db.tx(async (q) => {
    const claimed = await q.query(
      'UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
      [member.id, step],
    );
    if (!claimed.length) {
      throw new HttpError(401, 'That code was already used. Wait for the next one your authenticator app shows.', { error: 'Code already used' });
    }
    await clearLoginAttempts(ctx, throttleKey(email), q);
    await writeAudit(q, staffActor(member), { kind: 'staff.sign_in', subject: member.email }, now);
    return { staff: serializeStaff(member), token: await createStaffSession(q, member.id, now) };
  });
}

/**
 * The staff member behind a bearer token, with the session's state: `live` (and its idle clock restarted), `ended`
 * (a staff session that expired or was ended: the caller may be told so) or null (no staff session: a customer's
 * token, a random one). One UPDATE both checks and restarts the idle clock.
 */
export async function authenticateStaff(ctx: Ctx, token: string): Promise<{ state: 'live'; staff: StaffRow } | { state: 'ended' } | null> {
  const now = ctx.clock();
  const hash = sha256(token);
  const [member] = await ctx.db.query<StaffRow>(
    `UPDATE staff_sessions ss SET last_seen_at = $2 FROM staff s
     WHERE ss.token_hash = $1 AND s.id = ss.staff_id AND ss.revoked_at IS NULL AND ss.expires_at > $2
       AND ss.last_seen_at > $3 AND s.disabled_at IS NULL
     RETURNING s.*`,
    [hash, now, addMs(now, -STAFF_IDLE_MS)],
  );
  if (member) return { state: 'live', staff: member };
  const [known] = await ctx.db.query('SELECT 1 FROM staff_sessions WHERE token_hash = $1', [hash]);
  return known ? { state: 'ended' } : null;
}

export async function signOutStaff(ctx: Ctx, member: StaffRow, token: string): Promise<void> {
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    await q.query('UPDATE staff_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [sha256(token), now]);
    await writeAudit(q, staffActor(member), { kind: 'staff.sign_out', subject: member.email }, now);
  });
}
