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

/** Stores one batch in one statement: a batch is all or nothing. */
export async function storeClientReports(ctx: Ctx, session: string, reports: ClientReport[]): Promise<void> {
  if (reports.length === 0) return;
  const at = ctx.clock().toISOString();
  const params: unknown[] = [];
  const rows = reports.map((r) => {
    params.push(at, r.app, r.release, session, r.kind, r.name, r.value ?? null, r.route);
    const n = params.length;
    return `($${n - 7}, $${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
  });
  await ctx.db.query(
    `INSERT INTO client_reports (received_at, app, release, session, kind, name, value, route) VALUES ${rows.join(', ')}`,
    params,
  );
}

/** One release's health: what `npm run releases` and `promote --watch` read (release/src/health.ts). */
export interface ReleaseHealth {
  app: string;
  release: string;
  /** Browser sessions that loaded the release. */
  sessions: number;
  /** Of those, the sessions that reported at least one error. */
  error_sessions: number;
  errors: number;
  /** 75th percentile, in milliseconds; null without a measurement. */
  p75_lcp: number | null;
  p75_inp: number | null;
  p75_cls: number | null;
}

/** Every release of `app` (or of every app) that browsers reported on, newest report first. */
export async function releaseHealth(ctx: Ctx, app?: string): Promise<ReleaseHealth[]> {
  const rows = await ctx.db.query<Record<string, unknown>>(
    `SELECT app, release,
       count(DISTINCT session) AS sessions,
       count(DISTINCT session) FILTER (WHERE kind = 'error') AS error_sessions,
       count(*) FILTER (WHERE kind = 'error') AS errors,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'vital' AND name = 'LCP') AS p75_lcp,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'vital' AND name = 'INP') AS p75_inp,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'vital' AND name = 'CLS') AS p75_cls,
       max(received_at) AS last
     FROM client_reports WHERE ($1::text IS NULL OR app = $1)
     GROUP BY app, release ORDER BY last DESC`,
    [app ?? null],
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    app: String(r.app),
    release: String(r.release),
    sessions: Number(r.sessions),
    error_sessions: Number(r.error_sessions),
    errors: Number(r.errors),
    p75_lcp: num(r.p75_lcp),
    p75_inp: num(r.p75_inp),
    p75_cls: num(r.p75_cls),
  }));
}
