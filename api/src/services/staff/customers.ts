import { moneyEventTexts } from 'portal-rules';
import { notFound } from '../../lib/errors';
import { checkPhone, normaliseEmail } from '../../lib/input';
import { toIso, toNum } from '../../lib/time';
import type { Ctx } from '../context';
import type { MoneyEventType } from '../notifications';
import { serializeUser, type UserRow } from '../users';
import { walletStatement } from '../statement';
import { listFundings } from '../wallet';
import { writeAudit, type Actor } from './audit';

/** How many lines of the statement the look-up shows (the newest). */
const STATEMENT_LINES = 20;

/**
 * Customers matching one thing a caller gives: an email, a phone or WhatsApp number, a kit number or a transfer
 * reference (each compared as the API stores it). At most 20.
 */
export async function findCustomers(ctx: Ctx, queryRaw: string) {
  const query = queryRaw.trim();
  if (!query) return [];
  const phone = checkPhone(query);
  const rows = await ctx.db.query<UserRow>(
    `SELECT DISTINCT u.* FROM users u
     WHERE lower(u.email) = $1
        OR ($2::text IS NOT NULL AND (u.phone_number = $2 OR u.whatsapp_number = $2))
        OR u.id IN (SELECT user_id FROM kits WHERE upper(kit_number) = upper($3))
        OR u.id IN (SELECT user_id FROM wallet_fundings WHERE upper(reference) = upper($3))
     ORDER BY u.id LIMIT 20`,
    [normaliseEmail(query), phone, query],
  );
  return rows.map((u) => ({ id: u.id, name: u.name, email: u.email, phone_number: u.phone_number }));
}

/** Everything support needs to answer "where is my money?", read-only; the look itself is in the audit log. */
export async function customerDetail(ctx: Ctx, actor: Actor, customerId: number) {
  const [user] = await ctx.db.query<UserRow>('SELECT * FROM users WHERE id = $1', [customerId]);
  if (!user) throw notFound('Customer');
  const [wallet] = await ctx.db.query<{ wallet_id: string; balance: string }>('SELECT wallet_id, balance FROM wallets WHERE user_id = $1', [user.id]);
  const kits = await ctx.db.query<{ id: number; kit_number: string; status: string; auto_renew: boolean; address: string; created_at: Date; deadline: Date | null }>(
    `SELECT k.id, k.kit_number, k.status, k.auto_renew, k.address, k.created_at,
       (SELECT max(r.deadline) FROM kit_renewals r WHERE r.kit_id = k.id) AS deadline
     FROM kits k WHERE k.user_id = $1 ORDER BY k.created_at DESC, k.id DESC`,
    [user.id],
  );
  const fundings = await ctx.db.query<{ reference: string; decline_reason: string | null }>(
    'SELECT reference, decline_reason FROM wallet_fundings WHERE user_id = $1',
    [user.id],
  );
  const reasons = new Map(fundings.map((f) => [f.reference, f.decline_reason]));
  const messages = await ctx.db.query<{ id: number; type: MoneyEventType; amount: string; reference: string | null; kit_number: string | null; created_at: Date; delivered_at: Date | null }>(
    'SELECT id, type, amount, reference, kit_number, created_at, delivered_at FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50',
    [user.id],
  );
  await writeAudit(ctx.db, actor, { kind: 'customer.view', customerId: user.id, subject: user.email }, ctx.clock());
  return {
    customer: serializeUser(user),
    wallet: { wallet_id: wallet?.wallet_id ?? null, balance: toNum(wallet?.balance ?? 0) },
    fundings: (await listFundings(ctx, user.id)).map((f) => ({ ...f, decline_reason: reasons.get(f.reference) ?? null })),
    statement: (await walletStatement(ctx, user.id, 1, STATEMENT_LINES)).transactions,
    kits: kits.map((k) => ({ ...k, created_at: toIso(k.created_at), deadline: toIso(k.deadline) })),
    messages: messages.map((m) => ({
      id: m.id,
      type: m.type,
      title: moneyEventTexts[m.type]?.title ?? m.type,
      amount: toNum(m.amount),
      reference: m.reference,
      kit_number: m.kit_number,
      created_at: toIso(m.created_at),
      sent_at: toIso(m.delivered_at),
    })),
  };
}
