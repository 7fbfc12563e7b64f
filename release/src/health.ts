// Each release's health as customers' browsers reported it (the API's `client_reports`), and the canary's verdict.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { AppName } from './store';

/** One release's figures, as the API's `release-health` operator command gives them. */
export interface ReleaseHealth {
  release: string;
  sessions: number;
  error_sessions: number;
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
export function readHealth(app: AppName): Map<string, ReleaseHealth> | string {
  // The API's own default; without any database there, opening one would only create an empty one.
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'api', '.data'));
  if (!process.env.DATABASE_URL && !['server.json', 'pglite'].some((name) => fs.existsSync(path.join(dataDir, name)))) {
    return `no API database in ${dataDir}: set DATA_DIR (or DATABASE_URL) as the API runs with`;
  }
  const tsx = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  const result = spawnSync(tsx, [path.join(root, 'api/src/cli/operator.ts'), 'release-health', app, '--json'], {
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

/** Errors per 1,000 sessions, one decimal; '-' without a session. */
export const errorsPerThousand = (h: ReleaseHealth | undefined) => (h && h.sessions > 0 ? ((1000 * h.errors) / h.sessions).toFixed(1) : '-');

/**
 * One-sided two-proportion z-test on the share of sessions with an error: how many standard errors the canary's rate
 * lies above the live release's, under the pooled rate. 0 when neither has an error (or both have nothing else).
 */
export function errorRateZ(canary: Pick<ReleaseHealth, 'sessions' | 'error_sessions'>, live: Pick<ReleaseHealth, 'sessions' | 'error_sessions'>): number {
  if (canary.sessions === 0 || live.sessions === 0) return 0;
  const p1 = canary.error_sessions / canary.sessions;
  const p2 = live.error_sessions / live.sessions;
  const pooled = (canary.error_sessions + live.error_sessions) / (canary.sessions + live.sessions);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / canary.sessions + 1 / live.sessions));
  return se === 0 ? 0 : (p1 - p2) / se;
}

export interface WatchRule {
  /** Sessions each side needs before the test may roll back (the minimum sample). */
  minSessions: number;
  /** Sessions of the canary without an error after which it is promoted to everyone. */
  cleanSessions: number;
  /** The z above which the canary's error rate is significantly higher: 1.645 is a one-sided test at 5 %. */
  z: number;
}

export const DEFAULT_WATCH: WatchRule = { minSessions: 30, cleanSessions: 200, z: 1.645 };

export type Verdict = { action: 'wait' | 'promote' | 'rollback'; reason: string };

const none: ReleaseHealth = { release: '', sessions: 0, error_sessions: 0, errors: 0, p75_lcp: null, p75_inp: null, p75_cls: null };
const rate = (h: ReleaseHealth) => `${h.error_sessions}/${h.sessions} sessions with an error`;

/** What `promote --watch` does now with the canary, given both releases' figures. */
export function verdict(canaryHealth: ReleaseHealth | undefined, liveHealth: ReleaseHealth | undefined, rule: WatchRule = DEFAULT_WATCH): Verdict {
  const canary = canaryHealth ?? none;
  const live = liveHealth ?? none;
  const z = errorRateZ(canary, live);
  const figures = `canary ${rate(canary)}, live ${rate(live)}, z = ${z.toFixed(2)}`;
  const sampled = canary.sessions >= rule.minSessions && live.sessions >= rule.minSessions;
  if (sampled && z > rule.z) return { action: 'rollback', reason: `error rate significantly above the live release's (${figures} > ${rule.z})` };
  const clean = canary.sessions - canary.error_sessions;
  if (sampled && clean >= rule.cleanSessions) return { action: 'promote', reason: `${clean} clean sessions, error rate not significantly above the live release's (${figures})` };
  const waiting = sampled ? `${clean}/${rule.cleanSessions} clean sessions` : `${Math.min(canary.sessions, live.sessions)}/${rule.minSessions} sessions on each side`;
  return { action: 'wait', reason: `${waiting} (${figures})` };
}
