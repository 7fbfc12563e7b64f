import { notFound, unprocessable } from '../lib/errors';
import { toIso, toNum } from '../lib/time';
import type { Ctx } from './context';

/** What moved the money: a funding credited, or a period paid from the wallet (the ledger's `kind`). */
export type StatementKind = 'funding' | 'activation' | 'renewal' | 'auto_renewal' | 'adjustment';

/**
 * The wallet statement (beyond spec section 7): every ledger line of the customer's wallet, newest first in ledger
 * order (the order each balance_after was computed: services/wallet.ts `ledgerLine`), with the balance after it and
 * what it was for (the funding's reference, the kit paid for).
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
     WHERE w.user_id = $1 ORDER BY t.seq DESC LIMIT $2 OFFSET $3`,
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

/** Lines one monthly PDF may hold: its cost grows with them, and no customer of this portal comes near it. */
export const MAX_STATEMENT_LINES = 1000;

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "November 2026" for "2026-11". */
export const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

export interface MonthStatementLine {
  date: Date;
  kind: StatementKind;
  amount: number;
  balanceAfter: number;
  reference: string | null;
  kitNumber: string | null;
}

export interface MonthStatement {
  month: string;
  customerName: string;
  customerEmail: string;
  walletId: string;
  /** The month's first day (Lagos midnight): the date of the opening balance. */
  openedAt: Date;
  /** The date of the closing balance: the month's last day once it is over, else the later of now and the last line. */
  closedAt: Date;
  opening: number;
  closing: number;
  lines: MonthStatementLine[];
}

/** The Lagos month (YYYY-MM) of an instant. */
const lagosMonth = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 7);
const monthStart = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1) - LAGOS_OFFSET_MS);
const nextMonth = (month: string) => lagosMonth(new Date(monthStart(month).getTime() + 32 * 86_400_000));

/**
 * The months a statement exists for, newest first: from the customer's first month (the Lagos month they signed up
 * in) to the current month (or the last line's, if later). A month without lines states the balance carried.
 */
export async function statementMonths(ctx: Ctx, userId: number): Promise<string[]> {
  const [span] = await ctx.db.query<{ signed_up: Date; last: Date | null }>(
    `SELECT u.created_at AS signed_up, (SELECT max(t.created_at) FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id WHERE w.user_id = u.id) AS last
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!span) return [];
  const now = lagosMonth(ctx.clock());
  const lastLine = span.last ? lagosMonth(new Date(span.last)) : now;
  const until = lastLine > now ? lastLine : now;
  const months: string[] = [];
  for (let m = lagosMonth(new Date(span.signed_up)); m <= until; m = nextMonth(m)) months.unshift(m);
  return months;
}

/**
 * Every credit and debit of one calendar month in Lagos, in ledger order, with the balance before the first (opening,
 * dated the month's first day) and after the last (closing). A month of `statementMonths` without a line states the
 * balance carried through it; any other month has no statement: 422 with a sentence for the customer.
 */
export async function monthStatement(ctx: Ctx, userId: number, month: string): Promise<MonthStatement> {
  const from = monthStart(month);
  const to = monthStart(nextMonth(month));
  const [owner] = await ctx.db.query<{ name: string; email: string; wallet_id: string; id: number }>(
    'SELECT u.name, u.email, w.wallet_id, w.id FROM users u JOIN wallets w ON w.user_id = u.id WHERE u.id = $1',
    [userId],
  );
  if (!owner) throw notFound('Wallet');
  const rows = await ctx.db.query<{ kind: StatementKind; amount: string; balance_after: string; created_at: Date; reference: string | null; kit_number: string | null }>(
    `SELECT t.kind, t.amount, t.balance_after, t.created_at, f.reference, k.kit_number
     FROM wallet_transactions t
     LEFT JOIN wallet_fundings f ON f.id = t.funding_id
     LEFT JOIN kit_renewals r ON r.id = t.renewal_id LEFT JOIN kits k ON k.id = r.kit_id
     WHERE t.wallet_id = $1 AND t.created_at >= $2 AND t.created_at < $3 ORDER BY t.seq LIMIT $4`,
    [owner.id, from, to, MAX_STATEMENT_LINES + 1],
  );
  if (rows.length > MAX_STATEMENT_LINES) {
    throw unprocessable(
      `Your wallet has more than ${MAX_STATEMENT_LINES.toLocaleString('en-NG')} credits and debits in ${monthName(month)}, too many for one statement. Please contact support for it.`,
      { error: 'Statement too long' },
    );
  }
  const lines = rows.map((r) => ({
    date: new Date(r.created_at),
    kind: r.kind,
    amount: toNum(r.amount),
    balanceAfter: toNum(r.balance_after),
    reference: r.reference,
    kitNumber: r.kit_number,
  }));
  let opening: number;
  if (lines.length) opening = lines[0]!.balanceAfter - lines[0]!.amount;
  else {
    if (!(await statementMonths(ctx, userId)).includes(month)) {
      throw unprocessable(`Your wallet has no credits or debits in ${monthName(month)}, so there is no statement for that month.`, {
        error: 'No account history',
      });
    }
    const [carried] = await ctx.db.query<{ balance_after: string }>(
      'SELECT balance_after FROM wallet_transactions WHERE wallet_id = $1 AND created_at < $2 ORDER BY seq DESC LIMIT 1',
      [owner.id, from],
    );
    opening = toNum(carried?.balance_after ?? 0);
  }
  const now = ctx.clock();
  const lastDay = new Date(to.getTime() - 1);
  const lastLine = lines.at(-1)?.date;
  const closedAt = to.getTime() <= now.getTime() ? lastDay : lastLine && lastLine > now ? lastLine : now;
  return {
    month,
    customerName: owner.name,
    customerEmail: owner.email,
    walletId: owner.wallet_id,
    openedAt: from,
    closedAt: closedAt < from ? from : closedAt,
    opening,
    closing: lines.at(-1)?.balanceAfter ?? opening,
    lines,
  };
}
