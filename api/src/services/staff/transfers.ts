import type { Queryable } from '../../db';
import { notFound, unprocessable } from '../../lib/errors';
import { toIso, toNum } from '../../lib/time';
import type { Ctx } from '../context';
import { decideFunding, OperatorError, serializeFunding, type FundingRow } from '../wallet';
import { actorName, writeAudit, type Actor } from './audit';

/** Four eyes: an approval above this many naira credits nothing until a second person confirms it. */
export const FOUR_EYES_ABOVE = 500_000;

/** Transfers the customer said they made (`need_approval`), oldest first, with any first approval awaiting its second. */
export async function transfersAwaiting(ctx: Ctx) {
  const rows = await ctx.db.query<{
    reference: string;
    amount: string;
    said_paid_at: Date;
    created_at: Date;
    customer_id: number;
    name: string;
    email: string;
    approved_by: string | null;
    approved_at: Date | null;
  }>(
    `SELECT f.reference, f.amount, f.updated_at AS said_paid_at, f.created_at, u.id AS customer_id, u.name, u.email,
       a.actor AS approved_by, a.approved_at
     FROM wallet_fundings f JOIN users u ON u.id = f.user_id LEFT JOIN funding_approvals a ON a.funding_id = f.id
     WHERE f.status = 'need_approval' ORDER BY f.updated_at, f.id`,
  );
  return rows.map((r) => ({
    reference: r.reference,
    amount: toNum(r.amount),
    said_paid_at: toIso(r.said_paid_at),
    created_at: toIso(r.created_at),
    customer: { id: r.customer_id, name: r.name, email: r.email },
    needs_second_approval: toNum(r.amount) > FOUR_EYES_ABOVE,
    first_approval: r.approved_by && r.approved_at ? { by: r.approved_by, at: toIso(r.approved_at as Date) } : null,
  }));
}

const balanceOf = async (q: Queryable, walletId: number) =>
  toNum((await q.query<{ balance: string }>('SELECT balance FROM wallets WHERE id = $1', [walletId]))[0]?.balance ?? 0);

/** The three outcomes of an approval: credited now, recorded for a second person, or already credited before. */
export type ApprovalOutcome = 'approved' | 'awaiting_confirmation' | 'already_approved';

/**
 * A decision's refusal in the words and statuses of the staff routes (an unknown reference is a 404); the command
 * line keeps its OperatorError.
 */
async function asDecision<T>(actor: Actor, decide: () => Promise<T>): Promise<T> {
  if (actor.kind === 'cli') return decide();
  try {
    return await decide();
  } catch (err) {
    if (err instanceof OperatorError) {
      if (/^No funding/.test(err.message)) throw notFound('Transfer');
      throw unprocessable(err.message.replace(/^Funding/, 'Transfer'));
    }
    throw err;
  }
}

/**
 * Approves a transfer through the one decision of the command line (`decideFunding`): at most NGN 500,000 credits the
 * wallet at once; above it the first approval is recorded and a second, different person (finance or admin, or the
 * command line) confirms it, which credits. Approving again what is credited changes nothing: a funding credits once.
 */
export async function approveTransfer(ctx: Ctx, actor: Actor, reference: string): Promise<{ outcome: ApprovalOutcome; funding: ReturnType<typeof serializeFunding> }> {
  const now = ctx.clock();
  let confirms: string | null = null;
  let recorded = false;
  const result = await asDecision(actor, () =>
    decideFunding(ctx, reference, 'approve', {
      gate: async (q, f) => {
        confirms = null;
        recorded = false;
        if (toNum(f.amount) <= FOUR_EYES_ABOVE) return true;
        const [first] = await q.query<{ actor: string }>(
          'INSERT INTO funding_approvals (funding_id, actor, staff_id, approved_at) VALUES ($1, $2, $3, $4) ON CONFLICT (funding_id) DO NOTHING RETURNING actor',
          [f.id, actorName(actor), actor.kind === 'staff' ? actor.id : null, now],
        );
        if (first) {
          recorded = true;
          const balance = await balanceOf(q, f.wallet_id);
          await writeAudit(
            q,
            actor,
            {
              kind: 'funding.approve',
              customerId: f.user_id,
              subject: f.reference,
              before: { status: f.status, balance },
              after: { status: 'awaiting_confirmation', balance },
            },
            now,
          );
          return false;
        }
        const [earlier] = await q.query<{ actor: string }>('SELECT actor FROM funding_approvals WHERE funding_id = $1', [f.id]);
        if (earlier!.actor.toLowerCase() === actorName(actor).toLowerCase()) {
          throw unprocessable(`You approved ${f.reference} already. A second finance member must confirm it.`, { error: 'Second approval needed' });
        }
        confirms = earlier!.actor;
        return true;
      },
      decided: async (q, before: FundingRow, after: FundingRow) => {
        const balance = await balanceOf(q, after.wallet_id);
        await writeAudit(
          q,
          actor,
          {
            kind: confirms ? 'funding.confirm' : 'funding.approve',
            customerId: after.user_id,
            subject: after.reference,
            before: { status: before.status, balance: balance - toNum(after.amount), ...(confirms ? { approved_by: confirms } : {}) },
            after: { status: after.status, balance },
          },
          now,
        );
      },
    }),
  );
  const outcome: ApprovalOutcome = recorded ? 'awaiting_confirmation' : result.changed ? 'approved' : 'already_approved';
  return { outcome, funding: result.funding };
}

export const REASON_MAX = 300;

/** Declines a transfer with the reason the customer reads in their message; a decided transfer is refused. */
export async function declineTransfer(ctx: Ctx, actor: Actor, reference: string, reasonRaw?: string | null) {
  const reason = reasonRaw?.trim() || null;
  if (actor.kind === 'staff' && !reason) throw unprocessable('Give the reason the customer will read.');
  if (reason && reason.length > REASON_MAX) throw unprocessable(`The reason must be at most ${REASON_MAX} characters.`);
  const now = ctx.clock();
  const result = await asDecision(actor, () =>
    decideFunding(ctx, reference, 'decline', {
      reason,
      decided: async (q, before, after) => {
        await writeAudit(
          q,
          actor,
          {
            kind: 'funding.decline',
            customerId: after.user_id,
            subject: after.reference,
            before: { status: before.status },
            after: { status: after.status },
            reason,
          },
          now,
        );
      },
    }),
  );
  return { outcome: result.changed ? ('declined' as const) : ('already_declined' as const), funding: result.funding };
}
