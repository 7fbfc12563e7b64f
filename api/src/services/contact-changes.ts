import type { Queryable } from '../db';
import { randomToken, sha256 } from '../lib/crypto';
import { unprocessable } from '../lib/errors';
import { normaliseEmail, normalisePhone } from '../lib/input';
import { addMs } from '../lib/time';
import type { Ctx } from './context';
import { lockEmails, reservedForAnother } from './email-claims';
import { clearLoginAttempts } from './login-throttle';
import { queueMessages, type QueuedMessage } from './messages';
import { createResetLink, isUniqueViolation, revokeSessions, UNDO_RESET_TTL_MS, voidResetLinks, type UserRow } from './users';

export type ProfileField = 'email' | 'phone_number' | 'whatsapp_number';

/** How long the link in a change notice can put the old value back. */
export const REVERT_TTL_MS = 7 * 24 * 3600_000;

const FIELD_NAME: Record<ProfileField, string> = { email: 'email address', phone_number: 'phone number', whatsapp_number: 'WhatsApp number' };
const channelOf = (field: ProfileField) => (field === 'email' ? ('email' as const) : ('whatsapp' as const));
const sameValue = (field: ProfileField, a: string, b: string) => (field === 'email' ? normaliseEmail(a) === normaliseEmail(b) : a === b);
const verifiedMark = (u: UserRow, field: ProfileField) => (field === 'email' ? u.email_verified : field === 'whatsapp_number' ? u.whatsapp_verified : false);

const CHANGE_SQL: Record<ProfileField, string> = {
  // A new address is unproven until its own OTP is confirmed.
  email: 'UPDATE users SET email = $2, email_verified = (CASE WHEN lower(email) = $2 THEN email_verified ELSE FALSE END) WHERE id = $1 RETURNING *',
  whatsapp_number:
    'UPDATE users SET whatsapp_number = $2, whatsapp_verified = (CASE WHEN whatsapp_number = $2 THEN whatsapp_verified ELSE FALSE END) WHERE id = $1 RETURNING *',
  phone_number: 'UPDATE users SET phone_number = $2 WHERE id = $1 RETURNING *',
};

/** Puts an undone change's old value back, with the verified mark it had. */
const restore = (q: Queryable, r: RevertRow) =>
  r.field === 'phone_number'
    ? q.query('UPDATE users SET phone_number = $2 WHERE id = $1', [r.user_id, r.old_value])
    : q.query(`UPDATE users SET ${r.field} = $2, ${r.field === 'email' ? 'email_verified' : 'whatsapp_verified'} = $3 WHERE id = $1`, [
        r.user_id,
        r.old_value,
        r.old_verified,
      ]);

interface RevertRow {
  id: number;
  user_id: number;
  field: ProfileField;
  old_value: string;
  old_verified: boolean;
  new_value: string;
}

/** The undo link: the portal's page, which reads what it would undo and acts on the customer's click (api/README.md). */
export const revertLink = (ctx: Ctx, token: string) => `${ctx.config.portalUrl}/undo-contact-change?token=${encodeURIComponent(token)}`;

/**
 * The live undo that set the field's current value, if any: that value is then on probation, and the value the
 * account held before the first change of the chain (the undo's old value) is the one an undo can restore.
 */
async function probationOf(q: Queryable, userId: number, field: ProfileField, current: string, now: Date): Promise<RevertRow | null> {
  const [r] = await q.query<RevertRow>(
    'SELECT * FROM contact_reverts WHERE user_id = $1 AND field = $2 AND used_at IS NULL AND expires_at > $3 ORDER BY id DESC LIMIT 1',
    [userId, field, now],
  );
  return r && sameValue(field, r.new_value, current) ? r : null;
}

export interface ContactChange {
  user: UserRow;
  /** Notices queued in the change's transaction; send them after the answer (`sendQueued`). */
  messageIds: number[];
}

function changeNotice(name: string, field: ProfileField, from: string, to: string, undo?: { link: string; restores: string }): string {
  const what = FIELD_NAME[field];
  const head = `Hello ${name},\n\nThe ${what} of your Starlink portal account was changed from ${from} to ${to}.${field === 'email' ? ' Other devices were signed out.' : ''}`;
  if (!undo) return `${head}\n\nIf this wasn't you, contact support at once.`;
  return (
    `${head}\n\nIf this wasn't you, open this link within 7 days to put ${undo.restores} back and sign every device out:\n${undo.link}\n\n` +
    'Your password will stop working then, and we will email you a link to choose a new one.'
  );
}

/**
 * Changes one contact field, in one transaction, for a customer who proved their password (the route checks it). A
 * real change voids every reset link, ends every other session when it is the email, and records a single-use undo
 * link valid 7 days. The undo restores the value the account held before the first of a chain of changes still
 * undoable (A → B → C restores A, never B), so an intruder's own undo link can never give an address back to them.
 * Told, in messages queued here: the value the undo restores (with the link), the value replaced when it is not that
 * one, and for a phone or WhatsApp change the email on file (with the link unless the email is itself on probation).
 */
export async function changeContact(ctx: Ctx, user: UserRow, field: ProfileField, raw: string, sessionToken?: string): Promise<ContactChange> {
  const value = field === 'email' ? normaliseEmail(raw) : normalisePhone(raw);
  const now = ctx.clock();
  try {
    return await ctx.db.tx(async (q) => {
      const [before] = await q.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      const previous = before![field];
      if (sameValue(field, previous, value)) return { user: before!, messageIds: [] };
      if (field === 'email') {
        await lockEmails(q, [value]);
        if (await reservedForAnother(q, value, user.id, now)) throw unprocessable('Email has already been taken');
      }
      const probation = await probationOf(q, user.id, field, previous, now);
      const established = probation ? probation.old_value : previous;
      const [after] = await q.query<UserRow>(CHANGE_SQL[field], [user.id, value]);
      if (field === 'email') await revokeSessions(q, user.id, now, sessionToken);
      // A link mailed to an address the customer no longer has must not open the account.
      await voidResetLinks(q, user.id, now);
      let undo: { link: string; restores: string } | undefined;
      if (!sameValue(field, established, value)) {
        const token = randomToken();
        await q.query(
          `INSERT INTO contact_reverts (user_id, field, old_value, old_verified, new_value, token_hash, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [user.id, field, established, probation ? probation.old_verified : verifiedMark(before!, field), value, sha256(token), now, addMs(now, REVERT_TTL_MS)],
        );
        undo = { link: revertLink(ctx, token), restores: established };
      }
      const subject = `Your ${FIELD_NAME[field]} was changed`;
      const notice = (to: string, channel: 'email' | 'whatsapp', withUndo: boolean): QueuedMessage => ({
        userId: user.id,
        channel,
        to,
        subject,
        body: changeNotice(before!.name, field, previous, value, withUndo ? undo : undefined),
        ...(withUndo && undo ? { link: undo.link } : {}),
      });
      const messages: QueuedMessage[] = [];
      if (undo) messages.push(notice(established, channelOf(field), true));
      if (!sameValue(field, previous, established) || !undo) messages.push(notice(previous, channelOf(field), false));
      if (field !== 'email') {
        // The email on file is told of every change; it gets the undo link only when no undoable change set it.
        const emailOnProbation = await probationOf(q, user.id, 'email', before!.email, now);
        messages.push(notice(before!.email, 'email', Boolean(undo) && !emailOnProbation));
      }
      return { user: after!, messageIds: await queueMessages(q, messages, now) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable('Email has already been taken');
    throw err;
  }
}

export interface RevertInfo {
  field: ProfileField;
  old_value: string;
  new_value: string;
}

export interface RevertView extends RevertInfo {
  expires_at: string;
}

export interface RevertOutcome extends RevertInfo {
  /** The address a link to choose a new password was mailed to; null when the email on file is itself on probation. */
  resetSentTo: string | null;
  messageIds: number[];
}

const revertInvalid = () =>
  unprocessable('This link is invalid, has expired or was already used.', { error: 'Invalid or expired revert link' });

/** What a live undo link would put back, for its confirmation page; nothing changes. */
export async function peekRevert(ctx: Ctx, token: string): Promise<RevertView> {
  const [r] = await ctx.db.query<RevertInfo & { expires_at: Date }>(
    'SELECT field, old_value, new_value, expires_at FROM contact_reverts WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [sha256(token), ctx.clock()],
  );
  if (!r) throw revertInvalid();
  return { field: r.field, old_value: r.old_value, new_value: r.new_value, expires_at: new Date(r.expires_at).toISOString() };
}

/**
 * The undo: gives the account back for good. It restores the old value (with the verified mark it had), ends every
 * session, voids the password (whoever made the change knew it: the change needs it) and every reset link and undo
 * link of the field, and mails a link to choose a new password to the restored address (or, for a number, to the
 * email on file unless that is on probation too), valid 24 hours and outside the hourly allowance. The value it
 * replaces is told.
 */
export async function revertContactChange(ctx: Ctx, token: string): Promise<RevertOutcome> {
  const now = ctx.clock();
  try {
    return await ctx.db.tx(async (q) => {
      // Claiming with a conditional UPDATE makes the link single-use when two requests race.
      const [r] = await q.query<RevertRow>(
        'UPDATE contact_reverts SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING *',
        [sha256(token), now],
      );
      if (!r) throw revertInvalid();
      const [before] = await q.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [r.user_id]);
      if (r.field === 'email') await lockEmails(q, [r.old_value]);
      await restore(q, r);
      const [after] = await q.query<UserRow>('UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING *', [r.user_id, `void$${randomToken()}`]);
      await revokeSessions(q, r.user_id, now);
      await voidResetLinks(q, r.user_id, now);
      await q.query('UPDATE contact_reverts SET used_at = $3 WHERE user_id = $1 AND field = $2 AND used_at IS NULL', [r.user_id, r.field, now]);
      await clearLoginAttempts(ctx, normaliseEmail(after!.email), q);

      const messages: QueuedMessage[] = [];
      const what = FIELD_NAME[r.field];
      const replaced = before![r.field];
      if (!sameValue(r.field, replaced, r.old_value)) {
        messages.push({
          userId: r.user_id,
          channel: channelOf(r.field),
          to: replaced,
          subject: `Your ${what} was changed back`,
          body:
            `Hello ${after!.name},\n\nThe ${what} of a Starlink portal account was changed back from ${replaced} to ${r.old_value} with the undo link ` +
            "sent to the account's owner. Every device was signed out. If you think this is wrong, contact support.",
        });
      }
      const resetSentTo = r.field === 'email' || !(await probationOf(q, r.user_id, 'email', after!.email, now)) ? after!.email : null;
      if (resetSentTo) {
        const { link } = await createResetLink(ctx, q, r.user_id, resetSentTo, now, UNDO_RESET_TTL_MS);
        messages.push({
          userId: r.user_id,
          channel: 'email',
          to: resetSentTo,
          subject: 'Choose a new password',
          body:
            `Hello ${after!.name},\n\nYour ${what} is ${r.old_value} again and every device was signed out. Your old password no longer works: ` +
            `use this link within 24 hours to choose a new one:\n${link}`,
          link,
        });
      }
      const messageIds = await queueMessages(q, messages, now);
      return { field: r.field, old_value: r.old_value, new_value: r.new_value, resetSentTo, messageIds };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable('That email address now belongs to another account. Please contact support.');
    throw err;
  }
}
