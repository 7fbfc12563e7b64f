import { addDays, addMs } from '../lib/time';
import type { Ctx } from './context';

/** One thing a browser saw about an area release (routes/report-routes.ts validates it first). */
export interface ClientReport {
  app: string;
  release: string;
  kind: 'load' | 'error' | 'vital';
  name: string;
  value?: number;
  route: string;
}

/** Reports one customer may have stored per hour; beyond, a batch is accepted and dropped. */
export const REPORTS_PER_CUSTOMER_PER_HOUR = 300;
/** Stored reports older than this are deleted by the sweep. */
export const REPORT_KEEP_DAYS = 30;

/**
 * Stores one signed-in customer's batch in one statement (all or nothing), up to the hourly cap per customer; what is
 * over the cap is dropped. Returns how many were stored.
 */
export async function storeClientReports(ctx: Ctx, userId: number, session: string, reports: ClientReport[]): Promise<number> {
  if (reports.length === 0) return 0;
  const now = ctx.clock();
  return ctx.db.tx(async (q) => {
    // The customer's row lock serialises their batches, so the cap cannot be overrun by parallel ones.
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const [{ n } = { n: 0 }] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM client_reports WHERE user_id = $1 AND received_at > $2',
      [userId, addMs(now, -3600_000)],
    );
    const room = Math.max(0, REPORTS_PER_CUSTOMER_PER_HOUR - Number(n));
    const kept = reports.slice(0, room);
    if (kept.length === 0) return 0;
    const params: unknown[] = [];
    const rows = kept.map((r) => {
      params.push(now.toISOString(), r.app, r.release, session, r.kind, r.name, r.value ?? null, r.route, userId);
      const n0 = params.length - 8;
      return `(${Array.from({ length: 9 }, (_, i) => `$${n0 + i}`).join(', ')})`;
    });
    await q.query(
      `INSERT INTO client_reports (received_at, app, release, session, kind, name, value, route, user_id) VALUES ${rows.join(', ')}`,
      params,
    );
    return kept.length;
  });
}

/** Deletes reports older than REPORT_KEEP_DAYS (the periodic sweep). */
export async function pruneClientReports(ctx: Ctx): Promise<void> {
  await ctx.db.query('DELETE FROM client_reports WHERE received_at < $1', [addDays(ctx.clock(), -REPORT_KEEP_DAYS)]);
}

/** One release's health: what `npm run releases` and `promote --watch` read (release/src/health.ts). */
export interface ReleaseHealth {
  app: string;
  release: string;
  /** Signed-in customers who loaded the release: one each, however many tabs or reports. */
  customers: number;
  /** Of those, the customers who reported at least one error. */
  error_customers: number;
  errors: number;
  /** 75th percentile, in milliseconds; null without a measurement. */
  p75_lcp: number | null;
  p75_inp: number | null;
  p75_cls: number | null;
}

/**
 * Every release of `app` (or of every app) that signed-in customers reported on, newest report first, counting only
 * reports received from `since` on (the watch passes the moment its canary began). A report stored without a customer
 * (before reports needed one) never counts.
 */
export async function releaseHealth(ctx: Ctx, app?: string, since?: Date): Promise<ReleaseHealth[]> {
  const rows = await ctx.db.query<Record<string, unknown>>(
    `SELECT app, release,
       count(DISTINCT user_id) AS customers,
       count(DISTINCT user_id) FILTER (WHERE kind = 'error') AS error_customers,
       count(*) FILTER (WHERE kind = 'error') AS errors,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'vital' AND name = 'LCP') AS p75_lcp,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'vital' AND name = 'INP') AS p75_inp,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'vital' AND name = 'CLS') AS p75_cls,
       max(received_at) AS last
     FROM client_reports WHERE user_id IS NOT NULL AND ($1::text IS NULL OR app = $1) AND ($2::timestamptz IS NULL OR received_at >= $2)
     GROUP BY app, release ORDER BY last DESC`,
    [app ?? null, since ?? null],
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    app: String(r.app),
    release: String(r.release),
    customers: Number(r.customers),
    error_customers: Number(r.error_customers),
    errors: Number(r.errors),
    p75_lcp: num(r.p75_lcp),
    p75_inp: num(r.p75_inp),
    p75_cls: num(r.p75_cls),
  }));
}
