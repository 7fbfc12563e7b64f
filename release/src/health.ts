// Each release's health as customers' browsers reported it (the API's `client_reports`), and the canary's verdict.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { AppName } from './store';

/** One release's figures, as the API's `release-health` operator command gives them (signed-in customers only). */
export interface ReleaseHealth {
  release: string;
  /** Customers who loaded the release, each counted once. */
  customers: number;
  /** Of those, the customers who reported an error. */
  error_customers: number;
  errors: number;
  p75_lcp: number | null;
  p75_inp: number | null;
  p75_cls: number | null;
}

const root = path.resolve(__dirname, '..', '..');

/**
 * Reads the figures through the API's operator command line (`npm run operator -w api -- release-health <app>`),
 * what an operator already uses: it goes through the running API with the operator token when one runs on the same
 * `DATA_DIR`, else opens the database (`DATABASE_URL`, or the embedded one) itself. Returns the reason instead when
 * it cannot answer; the release commands then show no health columns, never fail for it.
 */
export function readHealth(app: AppName, since?: string): Map<string, ReleaseHealth> | string {
  // The API's own default; without any database there, opening one would only create an empty one.
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'api', '.data'));
  if (!process.env.DATABASE_URL && !['server.json', 'pglite'].some((name) => fs.existsSync(path.join(dataDir, name)))) {
    return `no API database in ${dataDir}: set DATA_DIR (or DATABASE_URL) as the API runs with`;
  }
  const tsx = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  const result = spawnSync(tsx, [path.join(root, 'api/src/cli/operator.ts'), 'release-health', app, ...(since ? ['--since', since] : []), '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: process.env,
    timeout: 60_000,
  });
  if (result.status !== 0) return (result.stderr || result.error?.message || 'the API command line failed').trim().split('\n')[0] ?? '';
  try {
    const rows = JSON.parse(result.stdout) as ReleaseHealth[];
    return new Map(rows.map((row) => [row.release, row]));
  } catch {
    return 'the API command line answered something other than JSON';
  }
}

/** Errors per 1,000 customers, one decimal; '-' without a customer. */
export const errorsPerThousand = (h: ReleaseHealth | undefined) => (h && h.customers > 0 ? ((1000 * h.errors) / h.customers).toFixed(1) : '-');

/**
 * The watch's rule: a sequential probability ratio test (Wald) on the share of the canary's customers who saw an
 * error, looked at again at every poll. H0: the canary's share is the live release's (since the canary began; at least
 * `floor`); H1: it is `margin` higher. The log-likelihood ratio of the canary's customers so far decides: at or above
 * ln((1 − beta) / alpha) the canary is rolled back at once; at or below ln(beta / (1 − alpha)) it is as good as live,
 * and promoted once it has also had `minCustomers` customers and `minMinutes` minutes.
 */
export interface WatchRule {
  /** Customers the canary needs before a promotion. */
  minCustomers: number;
  /** Minutes since the canary began before a promotion. */
  minMinutes: number;
  /** The error share assumed of the live release when it shows less (none yet, or a clean start). */
  floor: number;
  /** How much higher a share the test is built to catch. */
  margin: number;
  /** Chance of rolling back a canary as good as live. */
  alpha: number;
  /** Chance of promoting a canary `margin` worse than live. */
  beta: number;
}

export const DEFAULT_WATCH: WatchRule = { minCustomers: 50, minMinutes: 30, floor: 0.02, margin: 0.1, alpha: 0.01, beta: 0.05 };

export type Verdict = { action: 'wait' | 'promote' | 'rollback'; reason: string };

type Counts = Pick<ReleaseHealth, 'customers' | 'error_customers'>;

/** The log-likelihood ratio of H1 (live's share + margin) over H0 (live's share, at least the floor) for the canary's customers. */
export function logLikelihoodRatio(canary: Counts, live: Counts, rule: WatchRule = DEFAULT_WATCH): number {
  const p0 = Math.min(0.98, Math.max(rule.floor, live.customers > 0 ? live.error_customers / live.customers : 0));
  const p1 = Math.min(0.99, p0 + rule.margin);
  const failed = canary.error_customers;
  const clean = canary.customers - failed;
  return failed * Math.log(p1 / p0) + clean * Math.log((1 - p1) / (1 - p0));
}

/** Where the test decides: roll back at or above `upper`, as good as live at or below `lower`. */
export const boundaries = (rule: WatchRule = DEFAULT_WATCH) => ({ upper: Math.log((1 - rule.beta) / rule.alpha), lower: Math.log(rule.beta / (1 - rule.alpha)) });

const none: ReleaseHealth = { release: '', customers: 0, error_customers: 0, errors: 0, p75_lcp: null, p75_inp: null, p75_cls: null };
const share = (h: Counts) => `${h.error_customers}/${h.customers}`;

/** What `promote --watch` does now with the canary, given both releases' figures since it began and the minutes since. */
export function verdict(canaryHealth: ReleaseHealth | undefined, liveHealth: ReleaseHealth | undefined, minutes: number, rule: WatchRule = DEFAULT_WATCH): Verdict {
  const canary = canaryHealth ?? none;
  const live = liveHealth ?? none;
  const llr = logLikelihoodRatio(canary, live, rule);
  const { upper, lower } = boundaries(rule);
  const figures = `canary ${share(canary)} customers with an error, live ${share(live)}, log-likelihood ratio ${llr.toFixed(2)}`;
  if (llr >= upper) return { action: 'rollback', reason: `error rate significantly above the live release's (${figures} ≥ ${upper.toFixed(2)})` };
  if (llr > lower) return { action: 'wait', reason: `no decision yet (${figures}, between ${lower.toFixed(2)} and ${upper.toFixed(2)})` };
  const short = [
    canary.customers < rule.minCustomers ? `${canary.customers}/${rule.minCustomers} customers` : '',
    minutes < rule.minMinutes ? `${Math.floor(minutes)}/${rule.minMinutes} minutes` : '',
  ].filter(Boolean);
  if (short.length > 0) return { action: 'wait', reason: `as good as live so far, promoted after ${short.join(' and ')} (${figures})` };
  return { action: 'promote', reason: `${canary.customers} customers in ${Math.floor(minutes)} minutes, error rate not above the live release's (${figures} ≤ ${lower.toFixed(2)})` };
}
