import { operatorMoveRefusal, OPERATOR_STATES } from 'portal-rules';
import { Type, type Static } from 'typebox';
import type { Queryable } from '../db';
import { DAY_MS, toNum } from '../lib/time';
import { sweep } from './billing';
import { releaseHealth } from './client-reports';
import type { Ctx } from './context';
import { KIT_STATUSES, type KitStatus } from './kits';
import { seedDemo } from './seed';
import { sendQueued } from './messages';
import { recordEvent } from './notifications';
import { currentPrices, PriceError, priceOn } from './prices';
import { addStaff } from './staff/accounts';
import { auditKitMove, CLI_ACTOR, writeAudit, type Actor } from './staff/audit';
import { changePrice } from './staff/price';
import { approveTransfer, declineTransfer } from './staff/transfers';
import { OperatorError, serializeFunding, type FundingRow } from './wallet';

export { OperatorError };

/** The operator's word for a declined kit (the lifecycle's `unapproved`). */
const STATUS_ALIASES: Record<string, KitStatus> = { declined: 'unapproved' };

export interface KitMoveOptions {
  /** Why, told to the customer with a declined kit (at most 300 characters). */
  reason?: string | null;
  /** In the move's transaction (services/staff/reviews.ts: the audit log). */
  moved?: (q: Queryable, before: { id: number; status: string; user_id: number }, after: { kit_number: string; status: string }) => Promise<void>;
}

/**
 * The operator's review move (`kit <number> <status> [reason]`), as the lifecycle table allows it (`portal-rules`):
 * review states between unpaid kits, a disconnection of a paid one; payments and the sweep set the other states. An
 * outcome (accepted, or declined with its optional reason) is told to the customer by email, WhatsApp and a notice,
 * with the next step, whoever moved it (the command line or a staff screen).
 */
export async function setKitStatus(ctx: Ctx, kitNumber: string, requested: string, { reason, moved }: KitMoveOptions = {}) {
  const status = STATUS_ALIASES[requested] ?? requested;
  if (!(KIT_STATUSES as readonly string[]).includes(status)) {
    throw new OperatorError(`Unknown status "${requested}". Use one of: ${OPERATOR_STATES.join(', ')} (declined is unapproved)`);
  }
  const why = reason?.trim() || null;
  if (why && why.length > 300) throw new OperatorError('The reason must be at most 300 characters');
  const now = ctx.clock();
  const { row, ids } = await ctx.db.tx(async (q) => {
    const [kit] = await q.query<{ id: number; status: string; user_id: number; kit_number: string }>(
      'SELECT id, status, user_id, kit_number FROM kits WHERE upper(kit_number) = upper($1) FOR UPDATE',
      [kitNumber.trim()],
    );
    if (!kit) throw new OperatorError(`No kit with number ${kitNumber}`);
    const refusal = operatorMoveRefusal(kit.status, status);
    if (refusal) throw new OperatorError(refusal);
    const [row] = await q.query<{ id: number; kit_number: string; status: string }>(
      'UPDATE kits SET status = $2, updated_at = $3 WHERE id = $1 RETURNING id, kit_number, status',
      [kit.id, status as KitStatus, now],
    );
    await moved?.(q, kit, row!);
    const outcome = status === 'accepted' ? ('kit_accepted' as const) : status === 'unapproved' ? ('kit_declined' as const) : null;
    const ids =
      outcome && kit.status !== status
        ? await recordEvent(
            ctx,
            q,
            {
              userId: kit.user_id,
              type: outcome,
              subjectId: kit.id,
              period: now.toISOString(),
              amount: await priceOn(ctx, now, q),
              kitNumber: kit.kit_number,
              reason: why,
            },
            now,
          )
        : [];
    return { row: row!, ids };
  });
  await sendQueued(ctx, ids);
  return { ...row, told: ids.length > 0 };
}

/** How far ahead `demo-due` puts a kit's deadline: inside the renew window and the 3-day reminder. */
const DEMO_DUE_MS = 2 * DAY_MS;

/**
 * Demo set-up only (SEED_DEMO): moves a paid kit's periods back so its deadline is 2 days away, as if its month had
 * passed, so a demo or an end-to-end test can renew it today. Refused otherwise: it rewrites the dates of receipts.
 */
export async function makeKitDue(ctx: Ctx, kitNumber: string) {
  if (!ctx.config.seedDemo) throw new OperatorError('demo-due works only in the demo set-up (SEED_DEMO=1): it rewrites the dates of receipts.');
  return ctx.db.tx(async (q) => {
    const [kit] = await q.query<{ id: number; kit_number: string }>(
      'SELECT id, kit_number FROM kits WHERE upper(kit_number) = upper($1) FOR UPDATE',
      [kitNumber.trim()],
    );
    if (!kit) throw new OperatorError(`No kit with number ${kitNumber}`);
    const [latest] = await q.query<{ deadline: Date | null }>('SELECT max(deadline) AS deadline FROM kit_renewals WHERE kit_id = $1', [kit.id]);
    if (!latest?.deadline) throw new OperatorError(`Kit ${kit.kit_number} has never been paid for`);
    const shiftSeconds = (new Date(latest.deadline).getTime() - (ctx.clock().getTime() + DEMO_DUE_MS)) / 1000;
    await q.query(
      `UPDATE kit_renewals SET start_date = start_date - $2::double precision * interval '1 second',
         end_date = end_date - $2::double precision * interval '1 second', deadline = deadline - $2::double precision * interval '1 second',
         created_at = created_at - $2::double precision * interval '1 second', paid_at = paid_at - $2::double precision * interval '1 second'
       WHERE kit_id = $1`,
      [kit.id, shiftSeconds],
    );
    return { kit_number: kit.kit_number, deadline: new Date(ctx.clock().getTime() + DEMO_DUE_MS).toISOString() };
  });
}

export async function listUsers(ctx: Ctx) {
  const rows = await ctx.db.query<{ id: number; email: string; name: string; balance: string; wallet_id: string; kits: number }>(
    `SELECT u.id, u.email, u.name, w.wallet_id, w.balance, (SELECT count(*)::int FROM kits k WHERE k.user_id = u.id) AS kits
     FROM users u LEFT JOIN wallets w ON w.user_id = u.id ORDER BY u.id`,
  );
  return rows.map((r) => ({ ...r, balance: toNum(r.balance) }));
}

export async function listOpenFundings(ctx: Ctx) {
  const rows = await ctx.db.query<FundingRow & { email: string }>(
    `SELECT f.*, u.email FROM wallet_fundings f JOIN users u ON u.id = f.user_id
     WHERE f.status IN ('pending', 'need_approval') ORDER BY f.created_at`,
  );
  return rows.map((r) => ({ ...serializeFunding(r), email: r.email }));
}

/** The operator's commands; the HTTP route's schema, so the OpenAPI document lists them for the e2e helpers. */
export const OperatorCommandSchema = Type.Union([
  Type.Object({ cmd: Type.Literal('kit'), kitNumber: Type.String(), status: Type.String(), reason: Type.Optional(Type.String()) }),
  Type.Object({ cmd: Type.Literal('demo-due'), kitNumber: Type.String() }),
  Type.Object({
    cmd: Type.Literal('funding'),
    decision: Type.Union([Type.Literal('approve'), Type.Literal('decline')]),
    reference: Type.String(),
    reason: Type.Optional(Type.String()),
  }),
  Type.Object({ cmd: Type.Literal('fundings') }),
  Type.Object({ cmd: Type.Literal('price-get') }),
  Type.Object({ cmd: Type.Literal('price-set'), amount: Type.Number(), from: Type.Optional(Type.String()), force: Type.Optional(Type.Boolean()) }),
  Type.Object({ cmd: Type.Literal('seed') }),
  Type.Object({ cmd: Type.Literal('sweep') }),
  Type.Object({ cmd: Type.Literal('users') }),
  Type.Object({ cmd: Type.Literal('release-health'), app: Type.Optional(Type.String()), since: Type.Optional(Type.String()) }),
  Type.Object({ cmd: Type.Literal('staff-add'), email: Type.String(), role: Type.String() }),
]);
export type OperatorCommand = Static<typeof OperatorCommandSchema>;

const needString = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || !value.trim()) throw new OperatorError(`${name} is required`);
  return value;
};

/**
 * One command, by `actor`: the command line (and its HTTP route) is `cli`. Every command that changes state goes
 * through the services the staff screens use and writes the audit log (services/staff/).
 */
export async function runOperatorCommand(ctx: Ctx, c: OperatorCommand, actor: Actor = CLI_ACTOR): Promise<unknown> {
  // The HTTP route passes JSON through; a missing or wrong-typed field is the caller's mistake, not a crash.
  if (c.cmd === 'kit') {
    needString(c.kitNumber, 'kitNumber');
    needString(c.status, 'status');
  }
  if (c.cmd === 'demo-due') needString(c.kitNumber, 'kitNumber');
  if (c.cmd === 'funding') {
    needString(c.reference, 'reference');
    if (c.decision !== 'approve' && c.decision !== 'decline') throw new OperatorError('decision must be approve or decline');
  }
  switch (c.cmd) {
    case 'kit':
      return setKitStatus(ctx, c.kitNumber, c.status, { reason: c.reason, moved: auditKitMove(actor, ctx.clock(), c.reason?.trim() || null) });
    case 'demo-due': {
      const moved = await makeKitDue(ctx, c.kitNumber);
      await writeAudit(ctx.db, actor, { kind: 'demo.due', subject: moved.kit_number, after: moved }, ctx.clock());
      return moved;
    }
    case 'funding':
      return c.decision === 'approve' ? approveTransfer(ctx, actor, c.reference) : declineTransfer(ctx, actor, c.reference, c.reason);
    case 'fundings':
      return listOpenFundings(ctx);
    case 'price-get': {
      const { amount, scheduled } = await currentPrices(ctx);
      return { plan_price: amount, scheduled: scheduled ? { plan_price: scheduled.amount, from: scheduled.from } : null };
    }
    case 'price-set':
      try {
        return await changePrice(ctx, actor, { amount: c.amount, from: c.from, force: c.force === true });
      } catch (err) {
        // The command names its own flags: the same refusal, then how to type it.
        if (err instanceof PriceError) throw new OperatorError(err.cli ? `${err.message} Use: ${err.cli}` : err.message);
        throw err;
      }
    case 'seed': {
      const seeded = await seedDemo(ctx);
      await writeAudit(ctx.db, actor, { kind: 'seed', after: { created: seeded.created, skipped: seeded.skipped } }, ctx.clock());
      return seeded;
    }
    // Expiry and auto-renew now, in this process (several instances may run it at once; each kit is charged once).
    case 'sweep': {
      const swept = await sweep(ctx);
      await writeAudit(ctx.db, actor, { kind: 'sweep', after: swept }, ctx.clock());
      return swept;
    }
    // A staff member and their one-time enrolment link (api/README.md, "Staff").
    case 'staff-add':
      return addStaff(ctx, actor, needString(c.email, 'email'), needString(c.role, 'role'));
    case 'users':
      return listUsers(ctx);
    // What browsers reported per area release: the release command line's health columns and its canary watch.
    case 'release-health': {
      const since = c.since === undefined ? undefined : new Date(c.since);
      if (since && Number.isNaN(since.getTime())) throw new OperatorError(`since must be a date and time, such as 2026-11-27T15:03:00Z (got "${c.since}")`);
      return releaseHealth(ctx, c.app, since);
    }
    default:
      throw new OperatorError(`Unknown command "${String((c as { cmd: unknown }).cmd)}"`);
  }
}
