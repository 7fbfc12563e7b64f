import { isFirstPeriod, kitStateRule, type KitCharge } from 'portal-rules';
import { canRenew, latestDeadline } from 'portal-rules';
import type { Queryable } from '../db';
import { HttpError, notFound, unprocessable } from '../lib/errors';
import { formatAmount, formatDate } from '../lib/format';
import { addDays, addMs, DAY_MS, toIso, toNum } from '../lib/time';
import type { Ctx } from './context';
import { findKit, serializeKit, type KitRow } from './kits';
import { sendDue } from './messages';
import { deliver, recordEvent, remindRenewalsDue } from './notifications';
import { loadPrices, priceOn } from './prices';
import { ledgerLine } from './wallet';

export const PERIOD_DAYS = 30;
export const EXPIRING_WINDOW_DAYS = 7;
/** Auto-renew charges this long before the deadline so service does not lapse between sweeps. */
export const AUTO_RENEW_LEAD_MS = DAY_MS;

export interface RenewalRow {
  id: number;
  kit_id: number;
  user_id: number;
  amount: string | number;
  status: 'invoice' | 'receipt';
  start_date: Date;
  end_date: Date;
  deadline: Date;
  created_at: Date;
  paid_at: Date | null;
  /** The document's snapshot (DocumentSnapshot), null on rows written before it existed. */
  snapshot?: unknown;
}

export const serializeRenewal = (r: RenewalRow) => ({
  id: r.id,
  kit_id: r.kit_id,
  amount: toNum(r.amount),
  status: r.status,
  deadline: toIso(r.deadline),
  created_at: toIso(r.created_at),
  start_date: toIso(r.start_date),
  end_date: toIso(r.end_date),
});

export class InsufficientFunds extends HttpError {
  constructor(readonly amountDue: number) {
    super(422, `Insufficient wallet balance. Fund your wallet with at least NGN ${amountDue.toLocaleString('en-NG')} to continue.`, {
      error: 'Insufficient wallet balance',
      amount_due: amountDue,
    });
  }
}

/** Why a kit in a state without a charge (`portal-rules`) cannot be paid for. */
const NOT_ACTIVATABLE: Partial<Record<string, string>> = {
  need_approval: 'This kit is awaiting approval and cannot be activated yet.',
  unapproved: 'This kit was declined and cannot be activated. Please contact support.',
};
const NOT_CHARGEABLE = 'This kit cannot be activated. Please contact support.';

type ChargeMode = 'manual' | 'auto';

/** Kit states a renewal can be charged in; the others wait for review or have never been activated. */
const RENEWABLE_STATUSES = ['active', 'expiring', 'expired'];

/**
 * Thrown by an 'auto' charge when, under the kit's row lock, the kit turns out not to need one any more: another
 * sweep or the customer renewed it first, auto-renew was turned off, or the kit left the renewable states.
 */
export class NotDueForAutoRenew extends Error {}

/** Whether the sweep may charge this kit now: on auto-renew, renewable, and its paid period ends within the lead. */
export function isDueForAutoRenew(kit: Pick<KitRow, 'auto_renew' | 'status'>, paidUntil: Date | null, now: Date): boolean {
  return (
    kit.auto_renew &&
    RENEWABLE_STATUSES.includes(kit.status) &&
    paidUntil !== null &&
    paidUntil.getTime() <= now.getTime() + AUTO_RENEW_LEAD_MS
  );
}

interface ChargePlan {
  charge: KitCharge;
  isRenewal: boolean;
  /** The period the payment buys: from the paid-up date if it is still ahead (renewing early loses nothing), else now. */
  start: Date;
  end: Date;
}

/**
 * What paying for this kit now would buy, by the lifecycle's rule (`portal-rules`), or the 422 a charge would
 * answer: a kit under review or declined, or (manual charges) a renewal more than 7 days before its deadline. Read
 * under the kit's row lock by a charge, and without it by a quote.
 */
async function planCharge(q: Queryable, kit: KitRow, now: Date, mode: ChargeMode): Promise<ChargePlan> {
  const charge = kitStateRule(kit.status).charge;
  if (!charge) throw unprocessable(NOT_ACTIVATABLE[kit.status] ?? NOT_CHARGEABLE, { error: 'Kit cannot be activated' });
  const [lastPaid] = await q.query<RenewalRow>(
    "SELECT * FROM kit_renewals WHERE kit_id = $1 AND status = 'receipt' ORDER BY end_date DESC LIMIT 1",
    [kit.id],
  );
  const paidUntil = lastPaid ? new Date(lastPaid.end_date) : null;
  // The sweep chose this kit before taking the lock; whoever held the lock before may have paid it already.
  if (mode === 'auto' && !isDueForAutoRenew(kit, paidUntil, now)) throw new NotDueForAutoRenew();
  // The portal's renew button rule: it also stops a double click, or a retry after a lost response, from paying for
  // two periods.
  if (mode === 'manual') {
    const deadlines = await q.query<{ deadline: Date }>('SELECT deadline FROM kit_renewals WHERE kit_id = $1', [kit.id]);
    if (!canRenew(deadlines, now)) {
      // The customer's calendar day (Lagos), as every date they read.
      const deadline = formatDate(latestDeadline(deadlines)!);
      throw unprocessable(`This kit's renewal deadline is ${deadline}; renewal opens 7 days before the deadline.`, {
        error: 'Renewal not due yet',
      });
    }
  }
  const start = paidUntil && paidUntil > now ? paidUntil : now;
  return { charge, isRenewal: !isFirstPeriod(kit.status, Boolean(lastPaid)), start, end: addDays(start, PERIOD_DAYS) };
}

/**
 * What an invoice or receipt states, as it was when it was issued: the document shows this, not what the kit and the
 * customer's contacts read later. The seller is the configured one (whose name is the bank account's).
 */
export interface DocumentSnapshot {
  kit_number: string;
  service_line_number: string | null;
  address: string;
  customer_name: string;
  customer_email: string;
  seller?: Ctx['config']['seller'];
}

async function documentSnapshot(ctx: Ctx, q: Queryable, kitId: number): Promise<string> {
  const [row] = await q.query<Omit<DocumentSnapshot, 'seller'>>(
    `SELECT k.kit_number, k.service_line_number, k.address, u.name AS customer_name, u.email AS customer_email
     FROM kits k JOIN users u ON u.id = k.user_id WHERE k.id = $1`,
    [kitId],
  );
  return JSON.stringify({ ...row, seller: ctx.config.seller } satisfies Partial<DocumentSnapshot>);
}

/** What a charge of the kit would take and leave: the quote the portal confirms, and the 409 of a changed price. */
function quoteOf(kitId: number, plan: ChargePlan, price: number, balance: number) {
  const short = Math.max(0, price - balance);
  return {
    kit_id: kitId,
    action: plan.charge,
    amount: price,
    balance,
    balance_after: short ? null : balance - price,
    amount_due: short,
    period_start: plan.start.toISOString(),
    period_end: plan.end.toISOString(),
    ...(short ? { message: new InsufficientFunds(short).message, error: 'Insufficient wallet balance' } : {}),
  };
}
export type ChargeQuote = ReturnType<typeof quoteOf>;

/** The price of the next charge of a kit and the wallet after it, without charging: what the portal confirms first. */
export async function quoteCharge(ctx: Ctx, userId: number, kitId: number): Promise<ChargeQuote> {
  const now = ctx.clock();
  const kit = await findKit(ctx, userId, kitId);
  const plan = await planCharge(ctx.db, kit, now, 'manual');
  const price = await priceOn(ctx, plan.start);
  const [wallet] = await ctx.db.query<{ balance: string }>('SELECT balance FROM wallets WHERE user_id = $1', [userId]);
  return quoteOf(kit.id, plan, price, toNum(wallet?.balance ?? 0));
}

/** The charge's answer when the customer confirmed another amount than the one it would take now. */
export class PriceChanged extends HttpError {
  constructor(expected: number, quote: ChargeQuote) {
    super(409, `The price is now ${formatAmount(quote.amount)}, not ${formatAmount(expected)}. Check the new price and confirm again.`, {
      error: 'Price changed',
      quote,
    });
  }
}

/**
 * Activates or renews a kit from the wallet, all in one transaction: lock the kit, debit the wallet only if the
 * balance covers the price (a conditional UPDATE, so it can never go negative), record the receipt and the
 * ledger line, and move the kit to active. Any failure rolls the whole thing back.
 */
export async function chargeKit(ctx: Ctx, userId: number, kitId: number, mode: ChargeMode = 'manual', expectedAmount?: number) {
  const now = ctx.clock();
  let told: number[] = [];
  const result = await ctx.db.tx(async (q) => {
    const [locked] = await q.query<KitRow>('SELECT * FROM kits WHERE id = $1 AND user_id = $2 FOR UPDATE', [kitId, userId]);
    if (!locked) throw notFound('Kit');
    const plan = await planCharge(q, locked, now, mode);
    const { isRenewal, start, end } = plan;

    // The price in effect on the day the period starts: the renewal date for a renewal (auto-renewals included).
    const price = await priceOn(ctx, start, q);
    // The amount the customer confirmed (the quote they saw) is the most they agreed to pay: a price changed since
    // is refused with the new quote, nothing charged.
    if (expectedAmount !== undefined && expectedAmount !== price) {
      const [w] = await q.query<{ balance: string }>('SELECT balance FROM wallets WHERE user_id = $1', [userId]);
      throw new PriceChanged(expectedAmount, quoteOf(kitId, plan, price, toNum(w?.balance ?? 0)));
    }
    const [wallet] = await q.query<{ id: number; balance: string; ledger_seq: string }>(
      'UPDATE wallets SET balance = balance - $2, ledger_seq = ledger_seq + 1 WHERE user_id = $1 AND balance >= $2 RETURNING id, balance, ledger_seq',
      [userId, price],
    );
    if (!wallet) {
      const [w] = await q.query<{ balance: string }>('SELECT balance FROM wallets WHERE user_id = $1', [userId]);
      throw new InsufficientFunds(price - toNum(w?.balance ?? 0));
    }

    const snapshot = await documentSnapshot(ctx, q, kitId);
    const [openInvoice] = await q.query<{ id: number }>(
      "SELECT id FROM kit_renewals WHERE kit_id = $1 AND status = 'invoice' ORDER BY id DESC LIMIT 1 FOR UPDATE",
      [kitId],
    );
    let renewal: RenewalRow;
    if (openInvoice) {
      // Paying settles the outstanding invoice instead of leaving it beside a new receipt.
      [renewal] = (await q.query<RenewalRow>(
        `UPDATE kit_renewals SET status = 'receipt', amount = $2, start_date = $3, end_date = $4, deadline = $4, paid_at = $5,
           snapshot = $6::jsonb
         WHERE id = $1 RETURNING *`,
        [openInvoice.id, price, start, end, now, snapshot],
      )) as [RenewalRow];
    } else {
      [renewal] = (await q.query<RenewalRow>(
        `INSERT INTO kit_renewals (kit_id, user_id, amount, status, start_date, end_date, deadline, created_at, paid_at, snapshot)
         VALUES ($1, $2, $3, 'receipt', $4, $5, $5, $6, $6, $7::jsonb) RETURNING *`,
        [kitId, userId, price, start, end, now, snapshot],
      )) as [RenewalRow];
    }
    await ledgerLine(
      q,
      {
        walletId: wallet.id,
        seq: wallet.ledger_seq,
        amount: -price,
        kind: mode === 'auto' ? 'auto_renewal' : isRenewal ? 'renewal' : 'activation',
        renewalId: renewal.id,
        balanceAfter: wallet.balance,
      },
      now,
    );
    const status = end.getTime() - now.getTime() <= EXPIRING_WINDOW_DAYS * DAY_MS ? 'expiring' : 'active';
    await q.query('UPDATE kits SET status = $2, updated_at = $3 WHERE id = $1', [kitId, status, now]);
    const kit = await findKit(ctx, userId, kitId, q);
    if (mode === 'auto') {
      told = await recordEvent(
        ctx,
        q,
        { userId, type: 'auto_renew_charged', subjectId: kitId, period: start.toISOString(), amount: price, kitNumber: kit.kit_number, dueDate: end },
        now,
      );
    }
    return { kit: serializeKit(kit, await loadPrices(ctx, q), now), renewal: serializeRenewal(renewal), isRenewal, balance: toNum(wallet.balance) };
  });
  await deliver(ctx, told);
  return result;
}

export async function listRenewals(ctx: Ctx, userId: number, kitId: number) {
  await findKit(ctx, userId, kitId);
  const rows = await ctx.db.query<RenewalRow>(
    'SELECT * FROM kit_renewals WHERE kit_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC',
    [kitId, userId],
  );
  return rows.map(serializeRenewal);
}

/**
 * A renewal with the snapshot its document shows. One written before snapshots existed (or by the demo seed) takes
 * one now, at its first read, so from then on it never changes; one without a seller shows the configured one.
 */
export async function findRenewal(ctx: Ctx, userId: number, renewalId: number): Promise<RenewalRow & { snapshot: DocumentSnapshot }> {
  const [row] = await ctx.db.query<RenewalRow>('SELECT * FROM kit_renewals WHERE id = $1 AND user_id = $2', [renewalId, userId]);
  if (!row) throw notFound('Renewal');
  let snapshot = parseSnapshot(row.snapshot);
  if (!snapshot) {
    const [filled] = await ctx.db.query<{ snapshot: unknown }>(
      'UPDATE kit_renewals SET snapshot = COALESCE(snapshot, $2::jsonb) WHERE id = $1 RETURNING snapshot',
      [row.id, await documentSnapshot(ctx, ctx.db, row.kit_id)],
    );
    snapshot = parseSnapshot(filled?.snapshot)!;
  }
  return { ...row, snapshot: { ...snapshot, seller: snapshot.seller ?? ctx.config.seller } };
}

/** JSONB arrives parsed from one driver and as text from another. */
function parseSnapshot(value: unknown): DocumentSnapshot | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as DocumentSnapshot;
}

/**
 * Records the one unpaid period of an auto-renew kit the wallet could not pay, under the kit's row lock so two
 * sweeps cannot both write one; nothing is written when the kit no longer needs it.
 */
async function ensureInvoice(ctx: Ctx, kitId: number): Promise<boolean> {
  const now = ctx.clock();
  let told: number[] = [];
  const written = await ctx.db.tx(async (q) => {
    const [kit] = await q.query<KitRow>('SELECT * FROM kits WHERE id = $1 FOR UPDATE', [kitId]);
    if (!kit) return false;
    const [paid] = await q.query<{ paid_until: Date | null }>(
      "SELECT max(end_date) AS paid_until FROM kit_renewals WHERE kit_id = $1 AND status = 'receipt'",
      [kitId],
    );
    const paidUntil = paid?.paid_until ? new Date(paid.paid_until) : null;
    if (!paidUntil || !isDueForAutoRenew(kit, paidUntil, now)) return false;
    const open = await q.query("SELECT 1 FROM kit_renewals WHERE kit_id = $1 AND status = 'invoice'", [kitId]);
    if (open.length) return false;
    const price = await priceOn(ctx, paidUntil, q);
    // An unpaid period: due (deadline) when the paid one ends.
    await q.query(
      `INSERT INTO kit_renewals (kit_id, user_id, amount, status, start_date, end_date, deadline, created_at, snapshot)
       VALUES ($1, $2, $3, 'invoice', $4, $5, $4, $6, $7::jsonb)`,
      [kit.id, kit.user_id, price, paidUntil, addDays(paidUntil, PERIOD_DAYS), now, await documentSnapshot(ctx, q, kit.id)],
    );
    const [wallet] = await q.query<{ balance: string }>('SELECT balance FROM wallets WHERE user_id = $1', [kit.user_id]);
    told = await recordEvent(
      ctx,
      q,
      {
        userId: kit.user_id,
        type: 'auto_renew_failed',
        subjectId: kit.id,
        period: paidUntil.toISOString(),
        amount: Math.max(0, price - toNum(wallet?.balance ?? 0)),
        kitNumber: kit.kit_number,
        dueDate: paidUntil,
      },
      now,
    );
    return true;
  });
  await deliver(ctx, told);
  return written;
}

export interface SweepResult {
  autoRenewed: number;
  invoiced: number;
  /** Kits found due that were no longer due under their lock (renewed meanwhile by a customer or another sweep). */
  skipped: number;
  /** Kits whose renewal failed for another reason; each is reported to onError and left for the next sweep. */
  failed: number;
  /** Customers told that a renewal is due within 3 days and their wallet is short (once per kit and deadline). */
  reminded: number;
  expiring: number;
  expired: number;
  /** Queued messages sent by this sweep: first attempts a stopped instance left, and retries after a failure. */
  messagesSent: number;
}

export type SweepErrorHandler = (err: unknown, kitId: number) => void;
export type MessageErrorHandler = (err: unknown, messageId: number) => void;

/**
 * Periodic job: auto-renew what is due, then move kits to expiring / expired by their paid-up date. Safe to run
 * in several processes at once on one database: the due list is only a candidate list, each kit is re-checked
 * and charged under its row lock in its own transaction, and the status moves are conditional UPDATEs.
 */
export async function sweep(
  ctx: Ctx,
  onError: SweepErrorHandler = () => undefined,
  onMessageError: MessageErrorHandler = () => undefined,
): Promise<SweepResult> {
  const now = ctx.clock();
  const result: SweepResult = { autoRenewed: 0, invoiced: 0, skipped: 0, failed: 0, reminded: 0, expiring: 0, expired: 0, messagesSent: 0 };
  const PAID_UNTIL = "(SELECT max(r.end_date) FROM kit_renewals r WHERE r.kit_id = k.id AND r.status = 'receipt')";
  const due = await ctx.db.query<{ id: number; user_id: number }>(
    `SELECT k.id, k.user_id FROM kits k
     WHERE k.auto_renew AND k.status IN ('active', 'expiring', 'expired') AND ${PAID_UNTIL} <= $1 ORDER BY k.id`,
    [addMs(now, AUTO_RENEW_LEAD_MS)],
  );
  for (const kit of due) {
    try {
      await chargeKit(ctx, kit.user_id, kit.id, 'auto');
      result.autoRenewed++;
    } catch (err) {
      if (err instanceof NotDueForAutoRenew) {
        result.skipped++;
        continue;
      }
      try {
        if (!(err instanceof InsufficientFunds)) throw err;
        if (await ensureInvoice(ctx, kit.id)) result.invoiced++;
      } catch (failure) {
        // One kit's failure must not stop the others' renewals nor the expiry moves below.
        result.failed++;
        onError(failure, kit.id);
      }
    }
  }
  const expired = await ctx.db.query(
    `UPDATE kits k SET status = 'expired', updated_at = $1
     WHERE k.status IN ('active', 'expiring') AND ${PAID_UNTIL} <= $1 RETURNING k.id`,
    [now],
  );
  const expiring = await ctx.db.query(
    `UPDATE kits k SET status = 'expiring', updated_at = $1
     WHERE k.status = 'active' AND ${PAID_UNTIL} > $1 AND ${PAID_UNTIL} <= $2 RETURNING k.id`,
    [now, addDays(now, EXPIRING_WINDOW_DAYS)],
  );
  result.expired = expired.length;
  result.expiring = expiring.length;
  result.reminded = await remindRenewalsDue(ctx);
  result.messagesSent = await sendDue(ctx, onMessageError);
  return result;
}
