// `npm run bench`: the production portal beside a single-bundle floor, on a slow mobile network. See README.md.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startPortalServers, configFromEnv, apiProxyFromEnv, apps } from '../portal-server/src/index.ts';
import { demoSession, root, serveDir, startApi } from './lib/services.mjs';
import { gzipSizer, launchChromium, libraryCopies, measureSession, NETWORK } from './lib/browser.mjs';
import { lighthouseRun } from './lib/lighthouse.mjs';
import { renderTable, targetChecks } from './lib/report.mjs';

const PORTAL_PORT = Number(process.env.BENCH_PORTAL_PORT ?? 3300);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4300);
const skipLighthouse = process.env.BENCH_SKIP_LIGHTHOUSE === '1';
const started = Date.now();
const log = (msg) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${msg}`);

// A hard bound: the benchmark must never hang a terminal or CI job.
const watchdog = setTimeout(() => {
  console.error('bench: gave up after 20 minutes');
  process.exit(2);
}, 20 * 60_000);
watchdog.unref();

const sh = (cmd) => execSync(cmd, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

if (process.env.BENCH_SKIP_BUILD === '1') log('reusing the existing production build (BENCH_SKIP_BUILD=1)');
else {
  log('building the production portal (npm run build)…');
  sh('npm run build --silent');
}
log('building the floor (one webpack production bundle, no federation)…');
sh('npx webpack -c bench/floor/webpack.config.js');

const origins = apps.map((a) => `http://localhost:${PORTAL_PORT + a.offset}`);
const api = await startApi({ port: API_PORT, origins });
const cleanups = [() => api.stop()];
const cleanup = async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
};
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));

try {
  const session = await demoSession(api.url);
  const storage = { token: session.token, userData: JSON.stringify(session.user) };
  const navigation = ['/billing', '/profile', `/dashboard/${session.kitId}`];
  log(`API on ${api.url} (demo customer, kit ${session.kitId})`);

  const browser = await launchChromium();
  cleanups.push(() => browser.close());

  const results = { date: new Date().toISOString(), network: NETWORK, portal: {}, floor: {} };

  // The portal: shell and remotes on their own ports, as `npm start` deploys them, the shell's server forwarding
  // /api/ to the API (same origin: no CORS preflights). The floor is served the same way.
  const env = { PORTAL_API_URL: api.url, PORTAL_API_SAME_ORIGIN: '1' };
  const config = configFromEnv(env, { basePort: PORTAL_PORT });
  const apiProxy = apiProxyFromEnv(env);
  const portal = await startPortalServers({ basePort: PORTAL_PORT, config, apiProxy });
  const portalDirs = Object.fromEntries(
    apps.map((a) => [`http://localhost:${PORTAL_PORT + a.offset}`, path.join(root, a.dir, 'dist')]),
  );
  const portalGzip = gzipSizer(portalDirs);
  try {
    log('portal: /login cold and warm…');
    const login = await measureSession(browser, {
      baseUrl: portal.urls.shell,
      path: '/login',
      screen: 'login',
      gzipOf: portalGzip,
    });
    log('portal: /home cold and warm, then /billing, /profile, /dashboard…');
    const home = await measureSession(browser, {
      baseUrl: portal.urls.shell,
      path: '/home',
      screen: 'kitList',
      storage,
      navigation,
      gzipOf: portalGzip,
    });
    const areaOf = Object.fromEntries(apps.map((a) => [`http://localhost:${PORTAL_PORT + a.offset}`, a.name]));
    for (const step of home.steps) {
      const expected = step.path.startsWith('/dashboard') ? 'kits' : step.path.slice(1);
      step.otherAreasJs = step.jsFiles.filter((f) => areaOf[new URL(f.url).origin] !== expected).map((f) => f.url);
    }
    results.portal = { login: strip(login), home: strip(home), copies: libraryCopies([login.bodies, home.bodies]) };
    if (!skipLighthouse) {
      log('portal: Lighthouse /login…');
      results.portal.lighthouseLogin = await lighthouseRun(`${portal.urls.shell}/login`, null);
      log('portal: Lighthouse /home…');
      results.portal.lighthouseHome = await lighthouseRun(`${portal.urls.shell}/home`, storage);
    }
  } finally {
    await portal.close();
  }

  // The floor, on the shell's port and forwarding /api/ the same way: the same origin as the portal's shell.
  const floorDir = path.join(root, 'bench/floor/dist');
  const floor = await serveDir(floorDir, PORTAL_PORT, config, { apiProxy });
  const floorGzip = gzipSizer({ [floor.url]: floorDir });
  try {
    log('floor: /login and /home…');
    const login = await measureSession(browser, {
      baseUrl: floor.url,
      path: '/login',
      screen: 'login',
      gzipOf: floorGzip,
    });
    const home = await measureSession(browser, {
      baseUrl: floor.url,
      path: '/home',
      screen: 'kitList',
      storage,
      navigation,
      gzipOf: floorGzip,
    });
    results.floor = { login: strip(login), home: strip(home), copies: libraryCopies([login.bodies, home.bodies]) };
    if (!skipLighthouse) {
      log('floor: Lighthouse /login…');
      results.floor.lighthouseLogin = await lighthouseRun(`${floor.url}/login`, null);
      // The same libraries without federation, on the same CPU: what /home's score can be compared with.
      log('floor: Lighthouse /home…');
      results.floor.lighthouseHome = await lighthouseRun(`${floor.url}/home`, storage);
    }
  } finally {
    await floor.close();
  }

  results.targets = targetChecks(results);
  const table = renderTable(results);
  console.log(`\n${table}`);
  const outDir = path.join(root, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.md'), `${table}\n`);
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log('written to bench-results/latest.md and latest.json');
} finally {
  await cleanup();
}

/** The results without the script bodies (kept only to count library copies). */
function strip(session) {
  const rest = { ...session };
  delete rest.bodies;
  return rest;
}
