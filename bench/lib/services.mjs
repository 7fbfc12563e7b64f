// The reference API (fresh embedded database) and the static servers the benchmark measures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSiteServer, writeSite } from '../../portal-server/src/index.ts';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs a TypeScript entry of this repository with tsx and resolves once `isUp(answer)` holds for a GET of `probe`
 * (`label` names it in errors); `stop()` ends it and removes `dir`, its data.
 */
async function spawnService({ label, entry, cwd, env, probe, isUp, dir, timeoutMs }) {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), entry], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited: ${stderr}`);
    try {
      if (isUp(await fetch(probe))) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${label} did not answer ${probe}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

export async function startApi({ port, origins }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const url = `http://localhost:${port}`;
  const stop = await spawnService({
    label: 'API',
    entry: 'src/main.ts',
    cwd: path.join(root, 'api'),
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      CORS_ORIGINS: origins.join(','),
      RATE_LIMIT_MAX: '100000',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    probe: `${url}/api/v1/starlink_user_wallet`,
    isUp: (res) => res.status < 500,
    dir: dataDir,
    timeoutMs: 90_000,
  });
  return { url, stop };
}

/** The customer SEED_DEMO creates: signed in for /home, typed into the login form for "usable". */
export const DEMO_CREDENTIALS = { email: 'demo@example.com', password: 'demo1234' };

export async function demoSession(apiUrl) {
  const res = await fetch(`${apiUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ starlink_user: DEMO_CREDENTIALS }),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status}`);
  const { token, user } = await res.json();
  const kitsRes = await fetch(`${apiUrl}/api/v1/starlink_kits?page=1&per_page=10`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await kitsRes.json();
  const kits = Array.isArray(body) ? body : (body.kits ?? body.data ?? []);
  if (!kits.length) throw new Error('the demo customer has no kits');
  return { token, user, kitId: kits[0].id };
}

/**
 * The portal served by nginx (`npm run serve:nginx`: the site written as files from the live releases) on the ports
 * `startPortalServers` uses, the API behind its `/api/`; resolves once the shell's /login answers.
 */
export async function startNginxPortal({ basePort, apiUrl }) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-nginx-'));
  // nginx's workers run as another user (nobody when started as root): mkdtemp's folder is the owner's alone.
  fs.chmodSync(runDir, 0o755);
  const shell = `http://localhost:${basePort}`;
  const close = await spawnService({
    label: 'serve:nginx',
    entry: 'portal-server/src/cli/serve-nginx.ts',
    cwd: root,
    env: { PORTAL_PORT: String(basePort), PORTAL_API_URL: apiUrl, PORTAL_API_SAME_ORIGIN: '1', PORTAL_NGINX_DIR: runDir },
    probe: `${shell}/login`,
    isUp: (res) => res.ok,
    dir: runDir,
    timeoutMs: 120_000,
  });
  return { urls: { shell }, close };
}

/**
 * Serves one build folder exactly as the portal's servers do: written as a site of its own (its page with the same
 * configuration, the same pre-compressed copies) and served by the same static server.
 */
export async function serveDir(dir, port, config, options = {}) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
  const siteDir = path.join(runDir, 'site');
  await writeSite({ dir: siteDir, config, rootsFor: (app) => (app === 'shell' ? [dir] : []) });
  const server = await createSiteServer({ siteDir, app: 'shell', apiProxy: options.apiProxy ?? null });
  await server.listen({ port, host: '::' });
  return {
    url: `http://localhost:${port}`,
    close: async () => {
      await server.close();
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}
