import path from 'node:path';

/** Every setting the server reads, parsed and validated once so a typo fails at start, not mid-request. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (tests give each file its own). */
  databaseSchema: string | undefined;
  planPrice: number;
  /** The customer-facing portal: the base of reset links and of the undo link in a contact-change notice. */
  portalUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxFile: string;
  corsOrigins: string[];
  sessionTtlHours: number;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** scrypt cost parameter N (power of two). Tests lower it; the default is deliberately slow. */
  scryptCost: number;
  operatorToken: string | undefined;
  /** Demo customer and data: only where asked (`npm start` sets SEED_DEMO=1), never by default. */
  seedDemo: boolean;
  /** Headers must arrive within this (Node's headersTimeout): 408 and the connection closed. */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this (Node's requestTimeout): a slow body gets 408. */
  bodyTimeoutMs: number;
  /** A request not answered within this gets 503 (a stuck query must not hold a connection forever). */
  requestTimeoutMs: number;
  /** Open connections one instance accepts; beyond, a new connection is closed at once (Node's maxConnections). */
  maxConnections: number;
  /** An idle keep-alive connection is closed after this long without a request. */
  keepAliveTimeoutMs: number;
  sweepIntervalSeconds: number;
  bodyLimitBytes: number;
  logLevel: string;
  /**
   * Addresses (or proxy-addr names such as `loopback`) of reverse proxies whose X-Forwarded-For is believed, so
   * rate limits count the customer, not the proxy. Empty: the header is ignored (a client could forge it).
   */
  trustProxy: string[];
  /** Who issues invoices and receipts: printed on every renewal PDF. */
  seller: Seller;
}

export interface Seller {
  name: string;
  address: string;
  /** Corporate Affairs Commission registration ("RC 1234567"). */
  rcNumber: string;
  /** Tax identification number. */
  tin: string;
  /** Email or phone customers can reach about a bill. */
  contact: string;
}

/** Placeholders a demo prints; each still in use is named in a start-up warning (`sellerPlaceholders`). */
export const DEMO_SELLER: Seller = {
  // The portal's demo bank account name (PORTAL_BANK_ACCOUNT_NAME's default): a receipt names who the customer paid.
  name: 'Starlink Kits Reseller Ltd',
  address: '1 Demo Street, Ikeja, Lagos, Nigeria',
  rcNumber: 'RC 0000000',
  tin: '00000000-0001',
  contact: 'billing@example.com',
};

const SELLER_ENV: Record<keyof Seller, string> = {
  name: 'SELLER_NAME',
  address: 'SELLER_ADDRESS',
  rcNumber: 'SELLER_RC_NUMBER',
  tin: 'SELLER_TIN',
  contact: 'SELLER_CONTACT',
};

const DEFAULT_ORIGINS = [3000, 3001, 3002, 3003, 3004].flatMap((p) => [
  `http://localhost:${p}`,
  `http://127.0.0.1:${p}`,
]);

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return n;
}

function str(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/** A list only: "true" (believe any client's X-Forwarded-For) would let anyone pick their rate-limit bucket. */
function trustedProxies(raw: string | undefined): string[] {
  if (!raw) return [];
  const list = raw.split(',').map((a) => a.trim()).filter(Boolean);
  if (list.some((a) => ['true', 'false', '*'].includes(a.toLowerCase()) || /^\d+$/.test(a))) {
    throw new ConfigError('TRUST_PROXY must list proxy addresses, subnets or loopback, not true, * or a hop count');
  }
  return list;
}

function url(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^https?:\/\//.test(raw)) throw new ConfigError(`${name} must start with http:// or https://`);
  return raw.replace(/\/+$/, '');
}

/** The operator routes change money: a short token could be guessed, so anything under 32 characters is refused. */
export const OPERATOR_TOKEN_MIN = 32;
function operatorToken(raw: string | undefined): string | undefined {
  if (raw !== undefined && raw.length < OPERATOR_TOKEN_MIN) {
    throw new ConfigError(`OPERATOR_TOKEN must be at least ${OPERATOR_TOKEN_MIN} characters (got ${raw.length}); leave it unset to have one generated`);
  }
  return raw;
}

function seller(env: Env): Seller {
  const text = (key: keyof Seller, max: number, pattern?: RegExp, rule?: string, fallback?: string): string => {
    const raw = str(env, SELLER_ENV[key]) ?? fallback;
    if (raw === undefined) return DEMO_SELLER[key];
    // The built-in PDF fonts write Latin-1 only; anything else would print as garbage on a tax document.
    if (raw.length > max || /[^\x20-\x7e\u00a0-\u00ff]/.test(raw) || (pattern && !pattern.test(raw))) {
      throw new ConfigError(`${SELLER_ENV[key]} must be ${rule ?? `printable Latin-1 text of at most ${max} characters`} (got "${raw}")`);
    }
    return raw;
  };
  // The seller is the holder of the account customers pay (PORTAL_BANK_ACCOUNT_NAME, which the portal shows).
  const accountName = str(env, 'PORTAL_BANK_ACCOUNT_NAME');
  const sellerName = str(env, SELLER_ENV.name);
  if (accountName && sellerName && accountName !== sellerName) {
    throw new ConfigError(
      `SELLER_NAME ("${sellerName}") must be the bank account name customers pay, PORTAL_BANK_ACCOUNT_NAME ("${accountName}"): set one of them, or both alike`,
    );
  }
  return {
    name: text('name', 120, undefined, undefined, accountName),
    address: text('address', 300),
    rcNumber: text('rcNumber', 20, /^(RC|BN|IT)?\s*[0-9]{1,10}$/i, 'a CAC number such as "RC 1234567" (RC, BN or IT and up to 10 digits)'),
    tin: text('tin', 20, /^[0-9]{8,14}(-[0-9]{4})?$/, 'a tax identification number: 8 to 14 digits, optionally "-0001"'),
    contact: text('contact', 120),
  };
}

/** The SELLER_* variables still on their demo value, for the start-up warning. */
export function sellerPlaceholders(config: Config): string[] {
  return (Object.keys(SELLER_ENV) as (keyof Seller)[]).filter((k) => config.seller[k] === DEMO_SELLER[k]).map((k) => SELLER_ENV[k]);
}

/** Warnings printed on every start while a setting is unsafe for real customers. */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.seedDemo) {
    warnings.push(
      'SEED_DEMO is on: the demo customer (demo@example.com / demo1234) exists and anyone can log in as it. Never set SEED_DEMO in production (api/README.md, "Deploying").',
    );
  }
  if (config.smtpUrl) {
    warnings.push('WhatsApp messages have no transport: their codes and links are kept in OUTBOX_FILE (owner-only) for a gateway to pick up.');
  }
  const demoSeller = sellerPlaceholders(config);
  if (demoSeller.length) {
    warnings.push(`Demo values in use, printed on every invoice and receipt: set ${demoSeller.join(', ')} before real customers pay (api/README.md, "Configuration").`);
  }
  return warnings;
}

export const API_ROOT = path.resolve(__dirname, '..');

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? str(env, 'DATA_DIR') ?? path.join(API_ROOT, '.data'));
  const scryptCost = int(env, 'SCRYPT_COST', 1 << 15, 1 << 4, 1 << 20);
  if ((scryptCost & (scryptCost - 1)) !== 0) throw new ConfigError('SCRYPT_COST must be a power of two');
  const corsRaw = str(env, 'CORS_ORIGINS');
  const portalUrl = url(str(env, 'PORTAL_URL'), 'PORTAL_URL') ?? 'http://localhost:3000';
  const seedRaw = str(env, 'SEED_DEMO');
  const config: Config = {
    port: int(env, 'PORT', 4000, 0, 65535),
    host: str(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl: str(env, 'DATABASE_URL'),
    databaseSchema: str(env, 'DATABASE_SCHEMA'),
    planPrice: int(env, 'PLAN_PRICE', 57000, 1, 100_000_000),
    portalUrl,
    smtpUrl: str(env, 'SMTP_URL'),
    mailFrom: str(env, 'MAIL_FROM') ?? 'Starlink Portal <no-reply@localhost>',
    outboxFile: path.resolve(str(env, 'OUTBOX_FILE') ?? path.join(dataDir, 'outbox.jsonl')),
    corsOrigins: corsRaw ? corsRaw.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean) : DEFAULT_ORIGINS,
    sessionTtlHours: int(env, 'SESSION_TTL_HOURS', 24 * 7, 1, 24 * 365),
    rateLimitMax: int(env, 'RATE_LIMIT_MAX', 600, 1, 1_000_000),
    rateLimitWindowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 600_000, 1000, 86_400_000),
    scryptCost,
    operatorToken: operatorToken(str(env, 'OPERATOR_TOKEN')),
    seedDemo: seedRaw !== undefined && ['1', 'true', 'yes'].includes(seedRaw.toLowerCase()),
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    bodyTimeoutMs: int(env, 'BODY_TIMEOUT_MS', 30_000, 100, 600_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 60_000, 100, 600_000),
    maxConnections: int(env, 'MAX_CONNECTIONS', 2000, 1, 1_000_000),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 10_000),
    sweepIntervalSeconds: int(env, 'SWEEP_INTERVAL_SECONDS', 60, 0, 86_400),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 32 * 1024, 1024, 10 * 1024 * 1024),
    logLevel: str(env, 'LOG_LEVEL') ?? 'warn',
    trustProxy: trustedProxies(str(env, 'TRUST_PROXY')),
    seller: seller(env),
  };
  const merged = { ...config, ...overrides };
  // Node refuses a header deadline later than the whole request's.
  if (merged.headersTimeoutMs > merged.bodyTimeoutMs) throw new ConfigError('HEADERS_TIMEOUT_MS must not exceed BODY_TIMEOUT_MS');
  if (merged.operatorToken !== undefined) operatorToken(merged.operatorToken);
  if (overrides.dataDir && !overrides.outboxFile && !str(env, 'OUTBOX_FILE')) {
    merged.outboxFile = path.join(merged.dataDir, 'outbox.jsonl');
  }
  return merged;
}
