import type { Queryable } from '../db';
import { humanId } from '../lib/crypto';
import { notFound, unprocessable } from '../lib/errors';
import { addMs, toIso, toNum } from '../lib/time';
import type { Ctx } from './context';
import { deliver, recordEvent } from './notifications';

export interface WalletRow {
  id: number;
  user_id: number;
  wallet_id: string;
  balance: string | number;
}

/** The CHECK constraint of wallet_fundings.status. */
export const FUNDING_STATUSES = ['pending', 'need_approval', 'approved', 'unapproved', 'expired', 'expiring'] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];

export interface FundingRow {
  id: number;
  user_id: number;
  wallet_id: number;
  reference: string;
  payment_method: string;
  amount: string | number;
  status: FundingStatus;
  idempotency_key: string | null;
  created_at: Date;
}

export const serializeWallet = (w: WalletRow) => ({ id: w.id, wallet_id: w.wallet_id, balance: toNum(w.balance) });

export const serializeFunding = (f: FundingRow) => ({
  id: f.id,
  reference: f.reference,
  payment_method: f.payment_method,
  amount: toNum(f.amount),
  status: f.status,
  created_at: toIso(f.created_at),
});

/** A repeat of the same funding within this window is taken for a double click and answered with the first. */
export const DOUBLE_CLICK_WINDOW_MS = 10_000;

export async function getWallet(ctx: Ctx, userId: number): Promise<WalletRow> {
  const [w] = await ctx.db.query<WalletRow>('SELECT * FROM wallets WHERE user_id = $1', [userId]);
  if (!w) throw notFound('Wallet');
  return w;
}

export async function listFundings(ctx: Ctx, userId: number) {
  const rows = await ctx.db.query<FundingRow>(
    'SELECT * FROM wallet_fundings WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
    [userId],
  );
  return rows.map(serializeFunding);
}

export interface CreateFundingInput {
  walletRef: string | number;
  amount: number;
  paymentMethod: string;
  idempotencyKey?: string;
}

export async function createFunding(ctx: Ctx, userId: number, input: CreateFundingInput) {
  const now = ctx.clock();
  return ctx.db.tx(async (q) => {
    // The wallet row lock serialises a customer's concurrent funding requests, so the duplicate checks below
    // see each other's rows on PostgreSQL too (PGlite already runs transactions one at a time).
    const asNumber = typeof input.walletRef === 'number' ? input.walletRef : /^\d+$/.test(input.walletRef) ? Number(input.walletRef) : null;
    const [wallet] = await q.query<WalletRow>(
      'SELECT * FROM wallets WHERE user_id = $1 AND (id = $2 OR upper(wallet_id) = upper($3)) FOR UPDATE',
      [userId, asNumber !== null && asNumber <= 2147483647 ? asNumber : -1, String(input.walletRef)],
    );
    if (!wallet) throw notFound('Wallet');

    if (input.idempotencyKey) {
      const [prior] = await q.query<FundingRow>('SELECT * FROM wallet_fundings WHERE user_id = $1 AND idempotency_key = $2', [
        userId,
        input.idempotencyKey,
      ]);
      if (prior) {
        if (toNum(prior.amount) !== input.amount || prior.payment_method !== input.paymentMethod) {
          throw unprocessable('Idempotency-Key was already used for a different funding request');
        }
        return { funding: serializeFunding(prior), created: false };
      }
    } else {
      const [recent] = await q.query<FundingRow>(
        `SELECT * FROM wallet_fundings WHERE user_id = $1 AND wallet_id = $2 AND amount = $3 AND payment_method = $4
         AND status = 'pending' AND idempotency_key IS NULL AND created_at > $5 ORDER BY id DESC LIMIT 1`,
        [userId, wallet.id, input.amount, input.paymentMethod, addMs(now, -DOUBLE_CLICK_WINDOW_MS)],
      );
      if (recent) return { funding: serializeFunding(recent), created: false };
    }

    const [funding] = await q.query<FundingRow>(
      `INSERT INTO wallet_fundings (user_id, wallet_id, reference, payment_method, amount, status, idempotency_key, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $7) RETURNING *`,
      [userId, wallet.id, humanId('FND', 10), input.paymentMethod, input.amount, input.idempotencyKey ?? null, now],
    );
    return { funding: serializeFunding(funding!), created: true };
  });
}

export async function confirmFunding(ctx: Ctx, userId: number, fundingId: number) {
  return ctx.db.tx(async (q) => {
    const [f] = await q.query<FundingRow>('SELECT * FROM wallet_fundings WHERE id = $1 AND user_id = $2 FOR UPDATE', [fundingId, userId]);
    if (!f) throw notFound('Funding');
    if (f.status === 'need_approval') return serializeFunding(f);
    if (f.status !== 'pending') {
      throw unprocessable(`This funding is already ${f.status} and cannot be confirmed again.`, { error: 'Funding already processed' });
    }
    const [u] = await q.query<FundingRow>(
      "UPDATE wallet_fundings SET status = 'need_approval', updated_at = $2 WHERE id = $1 RETURNING *",
      [f.id, ctx.clock()],
    );
    return serializeFunding(u!);
  });
}

export class OperatorError extends Error {}

/** What the caller of a decision adds inside its transaction (services/staff/transfers.ts: four eyes, the audit log). */
export interface FundingDecisionHooks {
  /** Under the funding's row lock, before anything changes: false stops there, the funding left as it is. */
  gate?(q: Queryable, funding: FundingRow): Promise<boolean>;
  /** Once the decision is written, in the same transaction. */
  decided?(q: Queryable, before: FundingRow, after: FundingRow): Promise<void>;
  /** A decline's reason, told to the customer. */
  reason?: string | null;
}

/**
 * Operator decision on a transfer. Approval credits the wallet and writes the ledger line in the same
 * transaction; the unique index on wallet_transactions.funding_id makes a second credit impossible.
 */
export async function decideFunding(ctx: Ctx, reference: string, decision: 'approve' | 'decline', hooks: FundingDecisionHooks = {}) {
  const now = ctx.clock();
  let told: number[] = [];
  const result = await ctx.db.tx(async (q) => {
    const [f] = await q.query<FundingRow>('SELECT * FROM wallet_fundings WHERE upper(reference) = upper($1) FOR UPDATE', [reference.trim()]);
    if (!f) throw new OperatorError(`No funding with reference ${reference}`);
    const target = decision === 'approve' ? 'approved' : 'unapproved';
    if (f.status === target) return { funding: serializeFunding(f), changed: false };
    if (!['pending', 'need_approval'].includes(f.status)) {
      throw new OperatorError(`Funding ${f.reference} is already ${f.status}`);
    }
    if (hooks.gate && !(await hooks.gate(q, f))) return { funding: serializeFunding(f), changed: false };
    if (decision === 'approve') {
      const [w] = await q.query<{ balance: string; ledger_seq: string }>(
        'UPDATE wallets SET balance = balance + $2, ledger_seq = ledger_seq + 1 WHERE id = $1 RETURNING balance, ledger_seq',
        [f.wallet_id, f.amount],
      );
      await ledgerLine(q, { walletId: f.wallet_id, seq: w!.ledger_seq, amount: toNum(f.amount), kind: 'funding', fundingId: f.id, balanceAfter: w!.balance }, now);
    }
    const [u] = await q.query<FundingRow>(
      'UPDATE wallet_fundings SET status = $2, updated_at = $3, decline_reason = $4 WHERE id = $1 RETURNING *',
      [f.id, target, now, decision === 'decline' ? (hooks.reason ?? null) : null],
    );
    await hooks.decided?.(q, f, u!);
    told = await recordEvent(
      ctx,
      q,
      {
        userId: f.user_id,
        type: decision === 'approve' ? 'funding_approved' : 'funding_declined',
        subjectId: f.id,
        period: '',
        amount: toNum(f.amount),
        reference: f.reference,
        reason: decision === 'decline' ? (hooks.reason ?? null) : null,
      },
      now,
    );
    return { funding: serializeFunding(u!), changed: true };
  });
  await deliver(ctx, told);
  return result;
}

export type LedgerKind = 'funding' | 'activation' | 'renewal' | 'auto_renewal' | 'adjustment';

/**
 * Writes one ledger line. `seq` and `balanceAfter` come from the wallet's own UPDATE (`balance = balance ± amount,
 * ledger_seq = ledger_seq + 1 … RETURNING balance, ledger_seq`), made under the wallet's row lock in the same
 * transaction, so lines are numbered in the order their balances were computed. Its date is never earlier than the
 * line before it: a request that read the clock first but took the lock second is dated after the one it followed.
 */
export async function ledgerLine(
  q: Queryable,
  line: { walletId: number; seq: number | string; amount: number; kind: LedgerKind; balanceAfter: number | string; fundingId?: number; renewalId?: number },
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO wallet_transactions (wallet_id, amount, kind, funding_id, renewal_id, balance_after, seq, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::bigint,
       GREATEST($8::timestamptz, COALESCE((SELECT created_at FROM wallet_transactions WHERE wallet_id = $1 AND seq = $7::bigint - 1), $8::timestamptz)))`,
    [line.walletId, line.amount, line.kind, line.fundingId ?? null, line.renewalId ?? null, line.balanceAfter, line.seq, now],
  );
}

/** Wallets whose balance differs from the sum of their ledger; must always be empty. */
export async function ledgerMismatches(q: Queryable) {
  return q.query<{ id: number; balance: string; ledger: string }>(
    `SELECT w.id, w.balance, COALESCE(sum(t.amount), 0) AS ledger
     FROM wallets w LEFT JOIN wallet_transactions t ON t.wallet_id = w.id
     GROUP BY w.id, w.balance HAVING w.balance <> COALESCE(sum(t.amount), 0)`,
  );
}
