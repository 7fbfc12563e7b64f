import type { Db } from './types';

/**
 * One ordered list of migrations for PGlite and PostgreSQL alike. Append only: an applied migration is never edited.
 * Money is whole naira in BIGINT; JSON turns it back into numbers.
 */
export const MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
CREATE TABLE users (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone_number TEXT NOT NULL,
  whatsapp_number TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  email_verified BOOLEAN NOT NULL DEFAULT FALSE,
  whatsapp_verified BOOLEAN NOT NULL DEFAULT FALSE,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE password_resets (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);

CREATE TABLE verification_codes (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'whatsapp')),
  target TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE INDEX verification_codes_user_idx ON verification_codes (user_id, channel);

CREATE TABLE wallets (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  wallet_id TEXT NOT NULL UNIQUE,
  balance BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE wallet_fundings (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  wallet_id INTEGER NOT NULL REFERENCES wallets(id) ON DELETE CASCADE,
  reference TEXT NOT NULL UNIQUE,
  payment_method TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'need_approval', 'approved', 'unapproved', 'expired', 'expiring')),
  idempotency_key TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX wallet_fundings_user_idx ON wallet_fundings (user_id, created_at DESC);

CREATE TABLE kits (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kit_number TEXT NOT NULL,
  service_line_number TEXT NOT NULL,
  status TEXT NOT NULL,
  auto_renew BOOLEAN NOT NULL DEFAULT FALSE,
  company_name TEXT,
  company_number TEXT,
  address TEXT NOT NULL,
  nin TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX kits_kit_number_key ON kits (upper(kit_number));
CREATE INDEX kits_user_idx ON kits (user_id, created_at DESC, id DESC);

CREATE TABLE kit_renewals (
  id SERIAL PRIMARY KEY,
  kit_id INTEGER NOT NULL REFERENCES kits(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount BIGINT NOT NULL CHECK (amount >= 0),
  status TEXT NOT NULL CHECK (status IN ('invoice', 'receipt')),
  start_date TIMESTAMPTZ NOT NULL,
  end_date TIMESTAMPTZ NOT NULL,
  deadline TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  paid_at TIMESTAMPTZ
);
CREATE INDEX kit_renewals_kit_idx ON kit_renewals (kit_id, created_at DESC);

-- The ledger: balance must always equal the sum of a wallet's transactions.
CREATE TABLE wallet_transactions (
  id SERIAL PRIMARY KEY,
  wallet_id INTEGER NOT NULL REFERENCES wallets(id) ON DELETE CASCADE,
  amount BIGINT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('funding', 'activation', 'renewal', 'auto_renewal', 'adjustment')),
  funding_id INTEGER REFERENCES wallet_fundings(id),
  renewal_id INTEGER REFERENCES kit_renewals(id),
  balance_after BIGINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX wallet_transactions_wallet_idx ON wallet_transactions (wallet_id);
-- A funding can credit a wallet once, whatever races happen around approval.
CREATE UNIQUE INDEX wallet_transactions_funding_key ON wallet_transactions (funding_id) WHERE funding_id IS NOT NULL;

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'login throttles and rate-limit counters shared by every API instance',
    sql: `
-- Log-in attempts per normalised email (known or not), so a lock holds whichever instance or IP the guesses use.
CREATE TABLE login_throttles (
  email TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  window_start TIMESTAMPTZ NOT NULL,
  locked_until TIMESTAMPTZ
);

-- Fixed-window request counters of the per-IP rate limits (key: route and client address).
CREATE TABLE rate_limit_counters (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  reset_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_limit_counters_reset_idx ON rate_limit_counters (reset_at);
`,
  },
  {
    version: 3,
    name: 'revert links for contact changes',
    sql: `
-- The single-use link in a change notice, sent to the old value: puts it back and ends every session.
CREATE TABLE contact_reverts (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  field TEXT NOT NULL CHECK (field IN ('email', 'phone_number', 'whatsapp_number')),
  old_value TEXT NOT NULL,
  old_verified BOOLEAN NOT NULL,
  new_value TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE INDEX contact_reverts_user_idx ON contact_reverts (user_id, field);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at);
`,
  },
  {
    version: 4,
    name: 'invoices and receipts keep what they stated when issued',
    sql: `
-- The kit, customer and seller an invoice or receipt names, as they were when it was issued (services/billing.ts).
ALTER TABLE kit_renewals ADD COLUMN snapshot JSONB;
-- Documents issued before this column get what is true now, and keep it from here on; the seller is the configured one.
UPDATE kit_renewals r SET snapshot = jsonb_build_object(
  'kit_number', k.kit_number, 'service_line_number', k.service_line_number, 'address', k.address,
  'customer_name', u.name, 'customer_email', u.email)
FROM kits k, users u WHERE k.id = r.kit_id AND u.id = r.user_id;
`,
  },
  {
    version: 5,
    name: 'money events told to the customer once, and which of them they want',
    sql: `
-- One row per event a customer is told about (services/notifications.ts). The unique key is the event itself (for a
-- funding its id; for a kit the period or deadline concerned), so sweeps and approvals in several API instances at once
-- write it once, and delivered_at is claimed by one instance before the email and WhatsApp leave.
CREATE TABLE notifications (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('funding_approved', 'funding_declined', 'renewal_due', 'auto_renew_charged', 'auto_renew_failed')),
  subject_id INTEGER NOT NULL,
  period TEXT NOT NULL,
  amount BIGINT NOT NULL,
  reference TEXT,
  kit_number TEXT,
  due_date TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL,
  delivered_at TIMESTAMPTZ,
  dismissed_at TIMESTAMPTZ,
  UNIQUE (user_id, type, subject_id, period)
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_undelivered_idx ON notifications (created_at) WHERE delivered_at IS NULL;

-- Types a customer turned off (no row: on).
CREATE TABLE notification_preferences (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  enabled BOOLEAN NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, type)
);
`,
  },
  {
    version: 6,
    name: 'client reports: errors and Web Vitals per area release',
    sql: `
-- What browsers report about each area release (routes/report-routes.ts): no customer, no token, no address.
CREATE TABLE client_reports (
  id BIGSERIAL PRIMARY KEY,
  received_at TIMESTAMPTZ NOT NULL,
  app TEXT NOT NULL,
  release TEXT NOT NULL,
  -- A random id per browser tab session, kept by the page only while the tab is open.
  session TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('load', 'error', 'vital')),
  name TEXT NOT NULL,
  value DOUBLE PRECISION,
  route TEXT NOT NULL
);
CREATE INDEX client_reports_release_idx ON client_reports (app, release, kind);
`,
  },
  {
    version: 7,
    name: 'account recovery, durable messages, ledger order and signed-in release health',
    sql: `
-- The address a reset link was mailed to: the hourly allowance is counted per address, so links mailed elsewhere
-- (to an address an intruder set) never spend the restored address's allowance.
ALTER TABLE password_resets ADD COLUMN sent_to TEXT;
UPDATE password_resets r SET sent_to = u.email FROM users u WHERE u.id = r.user_id;
CREATE INDEX password_resets_sent_to_idx ON password_resets (lower(sent_to), created_at);
CREATE INDEX contact_reverts_old_value_idx ON contact_reverts (field, lower(old_value));

-- Every message to a customer that must not be lost (services/messages.ts): written in the transaction that makes it
-- true, then sent and marked per message once sent; a failure is retried with backoff by any instance's sweep. Once
-- sent, the body (which may hold a link) is cleared.
CREATE TABLE messages (
  id BIGSERIAL PRIMARY KEY,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'whatsapp')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  claimed_until TIMESTAMPTZ,
  sent_at TIMESTAMPTZ,
  failed_at TIMESTAMPTZ,
  last_error TEXT
);
CREATE INDEX messages_due_idx ON messages (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- Ledger order: each wallet numbers its lines in the order their balance_after was computed (under the wallet's row
-- lock), so a statement lists them in that order whatever the clocks of the requests said.
ALTER TABLE wallets ADD COLUMN ledger_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE wallet_transactions ADD COLUMN seq BIGINT;
UPDATE wallet_transactions t SET seq = o.n
FROM (SELECT id, row_number() OVER (PARTITION BY wallet_id ORDER BY id) AS n FROM wallet_transactions) o WHERE o.id = t.id;
UPDATE wallets w SET ledger_seq = COALESCE((SELECT max(seq) FROM wallet_transactions t WHERE t.wallet_id = w.id), 0);
ALTER TABLE wallet_transactions ALTER COLUMN seq SET NOT NULL;
CREATE UNIQUE INDEX wallet_transactions_seq_key ON wallet_transactions (wallet_id, seq);

-- A report counts for release health only with a signed-in customer's session (routes/report-routes.ts).
ALTER TABLE client_reports ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX client_reports_window_idx ON client_reports (app, release, received_at);
CREATE INDEX client_reports_user_idx ON client_reports (user_id, received_at);
CREATE INDEX client_reports_received_idx ON client_reports (received_at);
`,
  },
  {
    version: 8,
    name: 'scheduled prices, notices that say what is true now, kit reviews told',
    sql: `
-- The plan price from a day on (services/prices.ts): each row is in effect from effective_from until the next; a change
-- still to come is cancelled (cancelled_at) when another replaces it.
CREATE TABLE plan_prices (
  id SERIAL PRIMARY KEY,
  amount BIGINT NOT NULL CHECK (amount > 0),
  effective_from TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  cancelled_at TIMESTAMPTZ
);
CREATE INDEX plan_prices_from_idx ON plan_prices (effective_from);

-- Notices beyond money events, and what each states (services/notice-texts.ts).
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'funding_approved', 'funding_declined', 'renewal_due', 'auto_renew_charged', 'auto_renew_failed',
  'price_change', 'kit_accepted', 'kit_declined'));
ALTER TABLE notifications ADD COLUMN balance BIGINT;
ALTER TABLE notifications ADD COLUMN old_amount BIGINT;
ALTER TABLE notifications ADD COLUMN reason TEXT;
-- A notice whose condition no longer holds (a renewal paid, a wallet now covering it) is withdrawn at the next read.
ALTER TABLE notifications ADD COLUMN withdrawn_at TIMESTAMPTZ;
`,
  },
  {
    version: 9,
    name: 'staff accounts, sessions, enrolment links, four-eyes approvals and the audit log',
    sql: `
-- The reseller's staff (services/staff/): apart from customers, their own sessions and sign-in.
CREATE TABLE staff (
  id SERIAL PRIMARY KEY,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('support', 'finance', 'admin')),
  password_hash TEXT,
  totp_secret TEXT,
  -- The RFC 6238 time step of the last code accepted: a code (and any older one) works once.
  totp_last_step BIGINT,
  enrolled_at TIMESTAMPTZ,
  disabled_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX staff_email_key ON staff (lower(email));

-- A one-time enrolment link: the secret it offers is kept here until the member proves a code from it.
CREATE TABLE staff_enrolments (
  id SERIAL PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  totp_secret TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);

CREATE TABLE staff_sessions (
  id SERIAL PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- The first approval of a transfer above the four-eyes threshold; a second, different person confirms it.
CREATE TABLE funding_approvals (
  funding_id INTEGER PRIMARY KEY REFERENCES wallet_fundings(id),
  actor TEXT NOT NULL,
  staff_id INTEGER REFERENCES staff(id),
  approved_at TIMESTAMPTZ NOT NULL
);
ALTER TABLE wallet_fundings ADD COLUMN decline_reason TEXT;

-- Every staff and command-line action: appended, never changed (the triggers refuse UPDATE, DELETE and TRUNCATE).
CREATE TABLE audit_log (
  id BIGSERIAL PRIMARY KEY,
  at TIMESTAMPTZ NOT NULL,
  actor TEXT NOT NULL,
  staff_id INTEGER,
  role TEXT,
  kind TEXT NOT NULL,
  customer_id INTEGER,
  subject TEXT,
  before JSONB,
  after JSONB,
  reason TEXT
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_customer_idx ON audit_log (customer_id, at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (lower(actor), at DESC);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
`,
  },
];

/** The newest migration: /ready answers 503 until the database has it. */
export const LATEST_MIGRATION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export async function runMigrations(db: Db): Promise<void> {
  await db.tx(async (q) => {
    if (db.kind === 'postgres') {
      // Two servers starting on one database must not both apply a migration.
      await q.query('SELECT pg_advisory_xact_lock(727274)');
    }
    await q.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await q.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)),
    );
    for (const m of MIGRATIONS) {
      if (applied.has(m.version)) continue;
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
    }
  });
}
