import type { Queryable } from '../db';
import { humanId } from '../lib/crypto';
import { notFound, unprocessable } from '../lib/errors';
import { toIso, toNum } from '../lib/time';
import type { Ctx } from './context';
import { loadPrices, type PriceSchedule } from './prices';

/** Every status of spec section 4 a kit can carry; the operator CLI may set any of them. */
export const KIT_STATUSES = [
  'pending',
  'active',
  'accepted',
  'inactive',
  'deactivated',
  'expiring',
  'need_approval',
  'expired',
  'unapproved',
  'invoice',
  'receipt',
] as const;
export type KitStatus = (typeof KIT_STATUSES)[number];
export const REVIEW_STATUSES: KitStatus[] = ['need_approval', 'accepted', 'unapproved', 'deactivated'];

export interface KitRow {
  id: number;
  user_id: number;
  kit_number: string;
  service_line_number: string;
  status: KitStatus;
  auto_renew: boolean;
  company_name: string | null;
  company_number: string | null;
  address: string;
  nin: string;
  created_at: Date;
  deadline?: Date | null;
}

/**
 * A kit as it leaves the API. `plan_price` is the price in effect now; `renewal_price` the price of its next period,
 * which starts at its latest deadline (`deadline`, the next renewal date) when that is still ahead, else now.
 */
export const serializeKit = (k: KitRow, prices: PriceSchedule, now: Date) => ({
  id: k.id,
  kit_number: k.kit_number,
  service_line_number: k.service_line_number,
  status: k.status,
  auto_renew: k.auto_renew,
  company_name: k.company_name,
  company_number: k.company_number,
  address: k.address,
  nin: k.nin,
  created_at: toIso(k.created_at),
  plan_price: prices.at(now),
  deadline: toIso(k.deadline ?? null),
  renewal_price: prices.at(k.deadline && new Date(k.deadline).getTime() > now.getTime() ? new Date(k.deadline) : now),
});

// The dashboard's renew button keys off the latest deadline, so it is computed with every kit read.
const KIT_SELECT = `SELECT k.*, (SELECT max(r.deadline) FROM kit_renewals r WHERE r.kit_id = k.id) AS deadline FROM kits k`;

export async function findKit(ctx: Ctx, userId: number, kitId: number, q: Queryable = ctx.db): Promise<KitRow> {
  const [kit] = await q.query<KitRow>(`${KIT_SELECT} WHERE k.id = $1 AND k.user_id = $2`, [kitId, userId]);
  // Another customer's kit is indistinguishable from a missing one.
  if (!kit) throw notFound('Kit');
  return kit;
}

export async function kitJson(ctx: Ctx, userId: number, kitId: number, q: Queryable = ctx.db) {
  const kit = await findKit(ctx, userId, kitId, q);
  return serializeKit(kit, await loadPrices(ctx, q), ctx.clock());
}

export async function kitNumberExists(ctx: Ctx, kitNumber: string): Promise<boolean> {
  const rows = await ctx.db.query('SELECT 1 FROM kits WHERE upper(kit_number) = upper($1)', [kitNumber.trim()]);
  return rows.length > 0;
}

/** A new kit as the route has validated it (routes/kit-routes.ts, CREATE_KIT). */
export type CreateKitInput = { kit_number: string; address: string; nin: string; company_name?: string | null; company_number?: string | null };

export async function createKit(ctx: Ctx, userId: number, input: CreateKitInput, status: KitStatus = 'pending') {
  const now = ctx.clock();
  try {
    const [kit] = await ctx.db.query<KitRow>(
      `INSERT INTO kits (user_id, kit_number, service_line_number, status, auto_renew, company_name, company_number, address, nin, created_at, updated_at)
       VALUES ($1, $2, $3, $4, FALSE, $5, $6, $7, $8, $9, $9) RETURNING *, NULL::timestamptz AS deadline`,
      [
        userId,
        input.kit_number.trim(),
        humanId('SL', 10),
        status,
        input.company_name?.trim() || null,
        input.company_number?.trim() || null,
        input.address.trim(),
        input.nin.trim(),
        now,
      ],
    );
    return kit!;
  } catch (err) {
    if ((err as { code?: string })?.code === '23505') throw unprocessable('This kit number is already registered.');
    throw err;
  }
}

export async function listKits(ctx: Ctx, userId: number, page: number, perPage: number) {
  const [{ count } = { count: 0 }] = await ctx.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM kits WHERE user_id = $1',
    [userId],
  );
  const rows = await ctx.db.query<KitRow>(
    `${KIT_SELECT} WHERE k.user_id = $1 ORDER BY k.created_at DESC, k.id DESC LIMIT $2 OFFSET $3`,
    [userId, perPage, (page - 1) * perPage],
  );
  const prices = await loadPrices(ctx);
  const now = ctx.clock();
  const total = toNum(count);
  return {
    kits: rows.map((k) => serializeKit(k, prices, now)),
    page,
    per_page: perPage,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
    total_count: total,
  };
}

export async function setAutoRenew(ctx: Ctx, userId: number, kitId: number, autoRenew: boolean) {
  const rows = await ctx.db.query('UPDATE kits SET auto_renew = $3, updated_at = $4 WHERE id = $1 AND user_id = $2 RETURNING id', [
    kitId,
    userId,
    autoRenew,
    ctx.clock(),
  ]);
  if (!rows.length) throw notFound('Kit');
  return kitJson(ctx, userId, kitId);
}

export async function changeAddress(ctx: Ctx, userId: number, kitId: number, address: string) {
  const rows = await ctx.db.query('UPDATE kits SET address = $3, updated_at = $4 WHERE id = $1 AND user_id = $2 RETURNING id', [
    kitId,
    userId,
    address.trim(),
    ctx.clock(),
  ]);
  if (!rows.length) throw notFound('Kit');
  return kitJson(ctx, userId, kitId);
}
