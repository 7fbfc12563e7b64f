import type { Queryable } from '../../db';
import { toIso } from '../../lib/time';
import type { Ctx } from '../context';

export const STAFF_ROLES = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who acts: a signed-in staff member, or the operator command line (a script on the API's machine). */
export type Actor = { kind: 'cli' } | { kind: 'staff'; id: number; email: string; role: StaffRole };
export const CLI_ACTOR: Actor = { kind: 'cli' };
export const actorName = (actor: Actor): string => (actor.kind === 'cli' ? 'cli' : actor.email);

/** Every kind of row the log holds: what a filter by kind offers. */
export const AUDIT_KINDS = [
  'funding.approve',
  'funding.confirm',
  'funding.decline',
  'kit.status',
  'price.set',
  'customer.view',
  'staff.add',
  'staff.enrol',
  'staff.sign_in',
  'staff.sign_out',
  'demo.due',
  'seed',
  'sweep',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditEntry {
  kind: AuditKind;
  customerId?: number | null;
  /** What was acted on, as people name it: a transfer reference, a kit number, a staff email. */
  subject?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Appends one row; called inside the transaction of the change it records, so both happen or neither. */
export async function writeAudit(q: Queryable, actor: Actor, entry: AuditEntry, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (at, actor, staff_id, role, kind, customer_id, subject, before, after, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)`,
    [
      at,
      actorName(actor),
      actor.kind === 'staff' ? actor.id : null,
      actor.kind === 'staff' ? actor.role : null,
      entry.kind,
      entry.customerId ?? null,
      entry.subject ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.reason ?? null,
    ],
  );
}

/** The audit of a kit's move, for `setKitStatus` to write in the move's transaction. */
export const auditKitMove =
  (actor: Actor, at: Date, reason: string | null = null) =>
  (q: Queryable, before: { status: string; user_id: number }, after: { kit_number: string; status: string }) =>
    writeAudit(
      q,
      actor,
      { kind: 'kit.status', customerId: before.user_id, subject: after.kit_number, before: { status: before.status }, after: { status: after.status }, reason },
      at,
    );

export interface AuditFilter {
  /** A staff member's email, or `cli`. */
  actor?: string;
  /** A customer's email, or their id. */
  customer?: string;
  kind?: string;
  /** Rows older than this id (the next page). */
  beforeId?: number;
  limit?: number;
}

interface AuditRow {
  id: string | number;
  at: Date;
  actor: string;
  role: string | null;
  kind: string;
  customer_id: number | null;
  customer_email: string | null;
  subject: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : (value ?? null));

/** The log, newest first, filtered by person, customer and kind; `limit` rows at most (the CSV export asks for all). */
export async function listAudit(ctx: Ctx, filter: AuditFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.actor?.trim()) where.push(`lower(a.actor) = lower(${param(filter.actor.trim())})`);
  if (filter.kind?.trim()) where.push(`a.kind = ${param(filter.kind.trim())}`);
  const customer = filter.customer?.trim();
  if (customer) {
    where.push(
      /^\d+$/.test(customer)
        ? `a.customer_id = ${param(Number(customer))}`
        : `a.customer_id IN (SELECT id FROM users WHERE lower(email) = lower(${param(customer)}))`,
    );
  }
  if (filter.beforeId !== undefined) where.push(`a.id < ${param(filter.beforeId)}`);
  const limit = filter.limit === undefined ? '' : `LIMIT ${param(filter.limit)}`;
  const rows = await ctx.db.query<AuditRow>(
    `SELECT a.id, a.at, a.actor, a.role, a.kind, a.customer_id, u.email AS customer_email, a.subject, a.before, a.after, a.reason
     FROM audit_log a LEFT JOIN users u ON u.id = a.customer_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY a.id DESC ${limit}`,
    params,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: toIso(r.at),
    actor: r.actor,
    role: r.role,
    kind: r.kind,
    customer_id: r.customer_id,
    customer_email: r.customer_email,
    subject: r.subject,
    before: parseJson(r.before),
    after: parseJson(r.after),
    reason: r.reason,
  }));
}

export type AuditRecord = Awaited<ReturnType<typeof listAudit>>[number];

const CSV_COLUMNS = ['id', 'at', 'actor', 'role', 'kind', 'customer_id', 'customer_email', 'subject', 'before', 'after', 'reason'] as const;

/**
 * One cell of RFC 4180 CSV. A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return; a customer's name or a reason can) is prefixed with a quote mark, as OWASP's CSV-injection advice says.
 */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(rows: readonly AuditRecord[]): string {
  const lines = [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((column) => csvCell(row[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
