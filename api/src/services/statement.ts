import { toIso, toNum } from '../lib/time';
import type { Ctx } from './context';

/** What moved the money: a funding credited, or a period paid from the wallet (the ledger's `kind`). */
export type StatementKind = 'funding' | 'activation' | 'renewal' | 'auto_renewal' | 'adjustment';

/**
 * The wallet statement (beyond spec section 7): every ledger line of the customer's wallet, newest first, with the
 * balance after it and what it was for (the funding's reference, the kit paid for).
 */
export async function walletStatement(ctx: Ctx, userId: number, page: number, perPage: number) {
  const [{ count } = { count: 0 }] = await ctx.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id WHERE w.user_id = $1',
    [userId],
  );
  const rows = await ctx.db.query<{
    id: number;
    kind: StatementKind;
    amount: string;
    balance_after: string;
    created_at: Date;
    reference: string | null;
    kit_number: string | null;
    renewal_id: number | null;
  }>(
    `SELECT t.id, t.kind, t.amount, t.balance_after, t.created_at, f.reference, k.kit_number, t.renewal_id
     FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id
     LEFT JOIN wallet_fundings f ON f.id = t.funding_id
     LEFT JOIN kit_renewals r ON r.id = t.renewal_id LEFT JOIN kits k ON k.id = r.kit_id
     WHERE w.user_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3`,
    [userId, perPage, (page - 1) * perPage],
  );
  const total = toNum(count);
  return {
    transactions: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: toNum(r.amount),
      balance_after: toNum(r.balance_after),
      created_at: toIso(r.created_at)!,
      reference: r.reference,
      kit_number: r.kit_number,
      renewal_id: r.renewal_id,
    })),
    page,
    per_page: perPage,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
    total_count: total,
  };
}
