import fs from 'node:fs';
import path from 'node:path';

/** Ports apart from `npm start` (3000-3004, 4000), so a running portal does not disturb the tests. */
export const PORTAL_PORT = Number(process.env.E2E_PORTAL_PORT ?? 3100);
export const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
export const PORTAL_URL = `http://localhost:${PORTAL_PORT}`;
export const API_URL = `http://localhost:${API_PORT}`;
export const REMOTE_URLS = {
  auth: `http://localhost:${PORTAL_PORT + 1}`,
  kits: `http://localhost:${PORTAL_PORT + 2}`,
  billing: `http://localhost:${PORTAL_PORT + 3}`,
  profile: `http://localhost:${PORTAL_PORT + 4}`,
  operator: `http://localhost:${PORTAL_PORT + 5}`,
} as const;
export const PORTAL_ORIGINS = [PORTAL_URL, ...Object.values(REMOTE_URLS)];
/** A second set of servers (10 ports up) whose shell forwards /api/ to the API: the same-origin deployment. */
export const SAME_ORIGIN_PORTAL_PORT = PORTAL_PORT + 10;
export const SAME_ORIGIN_PORTAL_URL = `http://localhost:${SAME_ORIGIN_PORTAL_PORT}`;

/**
 * One fresh embedded database and release store per run, shared by the API process and the operator helpers: inside
 * this checkout (gitignored), per port, so runs of two checkouts, or of one on two sets of ports, never share one.
 */
function dataDir(): string {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  // First evaluation (the runner's main process): a fresh folder, inherited by the workers via env.
  const dir = path.join(__dirname, '..', '.data', String(PORTAL_PORT));
  fs.rmSync(dir, { recursive: true, force: true });
  process.env.E2E_DATA_DIR = dir;
  return dir;
}
export const E2E_DATA_DIR = dataDir();
/** The run's own release store: the servers, the release commands the specs run and the workers all see it. */
export const E2E_RELEASES_DIR = (process.env.PORTAL_RELEASES_DIR ??= path.join(E2E_DATA_DIR, 'releases'));

export { CHROMIUM_ARGS, chromiumPath } from './chromium';
