import type { Queryable } from '../db';
import { hashPassword, humanId } from '../lib/crypto';
import { addDays, toNum } from '../lib/time';
import type { Ctx } from './context';
import type { KitStatus } from './kits';
import { getPlanPrice } from './settings';
import { createWallet } from './users';
import { ledgerLine, type LedgerKind } from './wallet';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

interface SeedKit {
  status: KitStatus;
  autoRenew?: boolean;
  company?: string;
  /** Paid periods as [startDaysFromNow, endDaysFromNow]. */
  receipts?: [number, number][];
  /** Unpaid period starting this many days from now. */
  invoiceFrom?: number;
}

// 14 kits so the home list has two pages and every status of spec section 4 appears.
const KITS: SeedKit[] = [
  { status: 'pending' },
  { status: 'active', autoRenew: true, company: 'Okafor Logistics Ltd', receipts: [[-40, -10], [-10, 20]] },
  { status: 'accepted' },
  { status: 'expiring', receipts: [[-27, 3]] },
  { status: 'need_approval' },
  { status: 'active', receipts: [[-5, 25]] },
  { status: 'expired', receipts: [[-40, -10]], invoiceFrom: -10 },
  { status: 'unapproved' },
  { status: 'inactive', receipts: [[-90, -60]] },
  { status: 'deactivated', receipts: [[-70, -40]] },
  { status: 'pending', company: 'Lagos Farms Cooperative' },
  { status: 'invoice', invoiceFrom: 2 },
  { status: 'receipt', receipts: [[-15, 15]] },
  { status: 'active', receipts: [[-2, 28]] },
];

const FUNDINGS: { amount: number; status: string; daysAgo: number }[] = [
  { amount: 300_000, status: 'approved', daysAgo: 95 },
  { amount: 250_000, status: 'approved', daysAgo: 45 },
  { amount: 200_000, status: 'approved', daysAgo: 12 },
  { amount: 120_000, status: 'unapproved', daysAgo: 9 },
  { amount: 150_000, status: 'need_approval', daysAgo: 2 },
  { amount: 120_000, status: 'pending', daysAgo: 0.1 },
];

async function ledger(q: Queryable, walletId: number, amount: number, kind: LedgerKind, at: Date, ref: { funding?: number; renewal?: number }) {
  const [w] = await q.query<{ balance: string; ledger_seq: string }>(
    'UPDATE wallets SET balance = balance + $2, ledger_seq = ledger_seq + 1 WHERE id = $1 RETURNING balance, ledger_seq',
    [walletId, amount],
  );
  await ledgerLine(q, { walletId, seq: w!.ledger_seq, amount, kind, fundingId: ref.funding, renewalId: ref.renewal, balanceAfter: w!.balance }, at);
}

export interface SeedResult {
  created: boolean;
  email: string;
  password: string;
  /** What could not be created and was left out (a demo kit number another account now holds...). */
  skipped: string[];
}

/**
 * Creates the demo customer and its data once; later runs change nothing. Money moves through the ledger. What
 * already belongs to someone else (the demo account moved to another email keeps its kits) is skipped and named,
 * so a seed never stops a start.
 */
export async function seedDemo(ctx: Ctx): Promise<SeedResult> {
  const result = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
  const skipped: string[] = [];
  const exists = await ctx.db.query('SELECT 1 FROM users WHERE lower(email) = $1', [DEMO_EMAIL]);
  if (exists.length) return { created: false, ...result, skipped };
  let created = false;
  const passwordHash = await hashPassword(DEMO_PASSWORD, ctx.config.scryptCost);
  const now = ctx.clock();
  const price = await getPlanPrice(ctx);
  await ctx.db.tx(async (q) => {
    const [user] = await q.query<{ id: number }>(
      `INSERT INTO users (name, email, phone_number, whatsapp_number, password_hash, email_verified, whatsapp_verified, created_at)
       VALUES ('Ada Demo Okafor', $1, '+2348012345678', '+2348012345678', $2, TRUE, FALSE, $3)
       ON CONFLICT DO NOTHING RETURNING id`,
      [DEMO_EMAIL, passwordHash, addDays(now, -120)],
    );
    if (!user) return; // another process seeded concurrently
    created = true;
    await createWallet(q, user.id, addDays(now, -120));
    const [wallet] = await q.query<{ id: number }>('SELECT id FROM wallets WHERE user_id = $1', [user.id]);
    const walletId = wallet!.id;
    // Posted in date order at the end, so the ledger's order (its seq) is the order of its dates.
    const lines: { at: Date; amount: number; kind: LedgerKind; ref: { funding?: number; renewal?: number } }[] = [];

    for (const f of FUNDINGS) {
      const at = addDays(now, -f.daysAgo);
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO wallet_fundings (user_id, wallet_id, reference, payment_method, amount, status, created_at, updated_at)
         VALUES ($1, $2, $3, 'offline', $4, $5, $6, $6) RETURNING id`,
        [user.id, walletId, humanId('FND', 10), f.amount, f.status, at],
      );
      if (f.status === 'approved') lines.push({ at, amount: f.amount, kind: 'funding', ref: { funding: row!.id } });
    }

    for (const [i, k] of KITS.entries()) {
      const createdAt = addDays(now, -100 + i * 5);
      const [kit] = await q.query<{ id: number }>(
        `INSERT INTO kits (user_id, kit_number, service_line_number, status, auto_renew, company_name, company_number, address, nin, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT DO NOTHING RETURNING id`,
        [
          user.id,
          `KITDEMO${String(i + 1).padStart(4, '0')}`,
          humanId('SL', 10),
          k.status,
          k.autoRenew ?? false,
          k.company ?? null,
          k.company ? `RC${100000 + i}` : null,
          `${10 + i} Admiralty Way, Lekki Phase 1, Lagos`,
          String(12345678900 + i),
          createdAt,
        ],
      );
      if (!kit) {
        skipped.push(`kit KITDEMO${String(i + 1).padStart(4, '0')}: the kit number belongs to another account`);
        continue;
      }
      for (const [from, to] of k.receipts ?? []) {
        const paidAt = addDays(now, from);
        const [r] = await q.query<{ id: number }>(
          `INSERT INTO kit_renewals (kit_id, user_id, amount, status, start_date, end_date, deadline, created_at, paid_at)
           VALUES ($1, $2, $3, 'receipt', $4, $5, $5, $4, $4) RETURNING id`,
          [kit.id, user.id, price, paidAt, addDays(now, to)],
        );
        lines.push({ at: paidAt, amount: -price, kind: 'renewal', ref: { renewal: r!.id } });
      }
      if (k.invoiceFrom !== undefined) {
        const start = addDays(now, k.invoiceFrom);
        await q.query(
          `INSERT INTO kit_renewals (kit_id, user_id, amount, status, start_date, end_date, deadline, created_at)
           VALUES ($1, $2, $3, 'invoice', $4, $5, $4, $6)`,
          [kit.id, user.id, price, start, addDays(start, 30), addDays(now, Math.min(0, k.invoiceFrom))],
        );
      }
    }
    lines.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const line of lines) await ledger(q, walletId, line.amount, line.kind, line.at, line.ref);
    const [{ balance } = { balance: 0 }] = await q.query<{ balance: string }>('SELECT balance FROM wallets WHERE id = $1', [walletId]);
    if (toNum(balance) < 0) throw new Error('Seed would leave a negative balance; lower PLAN_PRICE or raise the seed fundings');
  });
  return { created, ...result, skipped };
}
