import { notFound, unprocessable } from '../../lib/errors';
import { toIso } from '../../lib/time';
import type { Ctx } from '../context';
import { OperatorError, setKitStatus } from '../operator';
import { auditKitMove, type Actor } from './audit';
import { REASON_MAX } from './transfers';

/** Kits held for review (`need_approval`), oldest first, with their customer. */
export async function kitsUnderReview(ctx: Ctx) {
  const rows = await ctx.db.query<{
    kit_number: string;
    address: string;
    company_name: string | null;
    created_at: Date;
    customer_id: number;
    name: string;
    email: string;
  }>(
    `SELECT k.kit_number, k.address, k.company_name, k.created_at, u.id AS customer_id, u.name, u.email
     FROM kits k JOIN users u ON u.id = k.user_id WHERE k.status = 'need_approval' ORDER BY k.updated_at, k.id`,
  );
  return rows.map((r) => ({
    kit_number: r.kit_number,
    address: r.address,
    company_name: r.company_name,
    created_at: toIso(r.created_at),
    customer: { id: r.customer_id, name: r.name, email: r.email },
  }));
}

export type ReviewOutcome = 'accepted' | 'declined';

/**
 * A review's outcome through the command line's own move (`setKitStatus`, the lifecycle table's rules): accepted, or
 * declined (`unapproved`) with the reason, written to the audit log in the move's transaction.
 */
export async function reviewKit(ctx: Ctx, actor: Actor, kitNumber: string, outcome: ReviewOutcome, reasonRaw?: string | null) {
  const reason = reasonRaw?.trim() || null;
  if (outcome === 'declined' && !reason) throw unprocessable('Give the reason the customer will read.');
  if (reason && reason.length > REASON_MAX) throw unprocessable(`The reason must be at most ${REASON_MAX} characters.`);
  return kitMove(ctx, actor, kitNumber, outcome === 'accepted' ? 'accepted' : 'unapproved', reason);
}

/** A staff member's move of a kit, audited in the move's transaction (the command line writes the same row). */
export async function kitMove(ctx: Ctx, actor: Actor, kitNumber: string, status: string, reason: string | null = null) {
  const now = ctx.clock();
  try {
    return await setKitStatus(ctx, kitNumber, status, { reason, moved: auditKitMove(actor, now, reason) });
  } catch (err) {
    if (actor.kind === 'staff' && err instanceof OperatorError) {
      throw /^No kit/.test(err.message) ? notFound('Kit') : unprocessable(err.message);
    }
    throw err;
  }
}
