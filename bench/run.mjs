// `npm run bench`: the production portal beside the same sources as one single-page app and a single-bundle floor,
// on a slow mobile network. See README.md.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startPortalServers, configFromEnv, apiProxyFromEnv, apps } from '../portal-server/src/index.ts';
import { demoSession, root, serveDir, startApi } from './lib/services.mjs';
import { gzipSizer, launchChromium, libraryCopies, measureSession, NETWORK } from './lib/browser.mjs';
import { LIGHTHOUSE_RUNS, lighthouseOnce, summariseRuns } from './lib/lighthouse.mjs';
import { renderTable, targetChecks } from './lib/report.mjs';

const PORTAL_PORT = Number(process.env.BENCH_PORTAL_PORT ?? 3300);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4300);
const skipLighthouse = process.env.BENCH_SKIP_LIGHTHOUSE === '1';
const started = Date.now();
const log = (msg) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${msg}`);

// A hard bound: the benchmark must never hang a terminal or CI job.
const watchdog = setTimeout(() => {
  console.error('bench: gave up after 40 minutes');
  process.exit(2);
}, 40 * 60_000);
watchdog.unref();

const sh = (cmd) => execSync(cmd, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

if (process.env.BENCH_SKIP_BUILD === '1') log('reusing the existing production build (BENCH_SKIP_BUILD=1)');
else {
  log('building the production portal (npm run build)…');
  sh('npm run build --silent');
}
log('building the floor (one webpack production bundle, no federation)…');
sh('npx webpack -c bench/floor/webpack.config.js');
log("building the single app (the portal's sources as one route-split app, no federation)…");
sh('npx webpack -c bench/single-app/webpack.config.js');

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

  // The portal: shell and remotes on their own ports, as `npm start` deploys them, the shell's server forwarding
  // /api/ to the API (same origin: no CORS preflights). The floor and the single app are served by the same handler
  // with the same configuration, each on a port of its own, so all three stay up for the interleaved Lighthouse runs.
  const env = { PORTAL_API_URL: api.url, PORTAL_API_SAME_ORIGIN: '1' };
  const config = configFromEnv(env, { basePort: PORTAL_PORT });
  const apiProxy = apiProxyFromEnv(env);
  const portal = await startPortalServers({ basePort: PORTAL_PORT, config, apiProxy });
  cleanups.push(() => portal.close());
  const floorDir = path.join(root, 'bench/floor/dist');
  const floor = await serveDir(floorDir, PORTAL_PORT + apps.length, config, { apiProxy });
  cleanups.push(() => floor.close());
  const singleDir = path.join(root, 'bench/single-app/dist');
  const single = await serveDir(singleDir, PORTAL_PORT + apps.length + 1, config, { apiProxy });
  cleanups.push(() => single.close());

  const targets = {
    portal: {
      url: portal.urls.shell,
      gzipOf: gzipSizer(
        Object.fromEntries(apps.map((a) => [`http://localhost:${PORTAL_PORT + a.offset}`, path.join(root, a.dir, 'dist')])),
      ),
    },
    floor: { url: floor.url, gzipOf: gzipSizer({ [floor.url]: floorDir }) },
    singleApp: { url: single.url, gzipOf: gzipSizer({ [single.url]: singleDir }) },
  };
  const labels = { portal: 'portal', floor: 'floor', singleApp: 'single app' };
  const results = { date: new Date().toISOString(), network: NETWORK };
  for (const [name, { url, gzipOf }] of Object.entries(targets)) {
    log(`${labels[name]}: /login cold and warm…`);
    const login = await measureSession(browser, { baseUrl: url, path: '/login', screen: 'login', gzipOf });
    log(`${labels[name]}: /home cold and warm, then /billing, /profile, /dashboard…`);
    const home = await measureSession(browser, {
      baseUrl: url,
      path: '/home',
      screen: 'kitList',
      storage,
      navigation,
      gzipOf,
    });
    results[name] = { login: strip(login), home: strip(home), copies: libraryCopies([login.bodies, home.bodies]) };
  }
  // Only the portal's areas have origins of their own: a script from another area's origin is a wasted download.
  const areaOf = Object.fromEntries(apps.map((a) => [`http://localhost:${PORTAL_PORT + a.offset}`, a.name]));
  for (const step of results.portal.home.steps) {
    const expected = step.path.startsWith('/dashboard') ? 'kits' : step.path.slice(1);
    step.otherAreasJs = step.jsFiles.filter((f) => areaOf[new URL(f.url).origin] !== expected).map((f) => f.url);
  }

  if (!skipLighthouse) {
    // Interleaved (portal, floor, single app, portal, …), so a change in the machine's load falls on all three alike.
    for (const [page, pageStorage] of [['login', null], ['home', storage]]) {
      const runs = { portal: [], floor: [], singleApp: [] };
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        for (const name of Object.keys(runs)) {
          log(`Lighthouse /${page}: ${labels[name]}, run ${i + 1} of ${LIGHTHOUSE_RUNS}…`);
          runs[name].push(await lighthouseOnce(`${targets[name].url}/${page}`, pageStorage));
        }
      }
      const key = page === 'login' ? 'lighthouseLogin' : 'lighthouseHome';
      for (const [name, list] of Object.entries(runs)) results[name][key] = summariseRuns(list);
    }
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
