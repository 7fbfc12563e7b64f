// `npm run bench`: the production portal beside the same sources as one single-page app and a single-bundle floor,
// on a slow mobile network. See README.md.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { servePortal, configFromEnv, apiProxyFromEnv, apps } from '../portal-server/src/index.ts';
import { declaredRoutes } from '../registry/declared-routes.ts';
import { DEMO_CREDENTIALS, demoSession, root, serveDir, startApi, startNginxPortal } from './lib/services.mjs';
import {
  gzipSizer,
  launchChromium,
  libraryCopies,
  measureIdleAndSwitches,
  measureReturning,
  measureSession,
  measureUsable,
  NETWORK,
  OFFLINE,
  THROTTLED,
} from './lib/browser.mjs';
import { workerNetwork } from './lib/workers.mjs';
import { LIGHTHOUSE_RUNS, lighthouseOnce, summariseRuns } from './lib/lighthouse.mjs';
import { invariantChecks, partialSummary, renderTable, targetChecks } from './lib/report.mjs';
import { spread } from './lib/stats.mjs';

const PORTAL_PORT = Number(process.env.BENCH_PORTAL_PORT ?? 3300);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4300);
/**
 * BENCH_ONLY=home,returning,…: only these measures, all three apps interleaved as in a full run, printed as a short
 * summary with the machine's load average (bench-results/partial.json); bench/README.md is left alone. Measures:
 * login, usable, home, returning, switches, savedata, lighthouse-login, lighthouse-home.
 */
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((m) => m.trim())) : null;
const runs = (measure) => !only || only.has(measure);
const skipLighthouse = process.env.BENCH_SKIP_LIGHTHOUSE === '1';
/** BENCH_SERVER=nginx: the portal's column served by `npm run serve:nginx` (issue 38) instead of `npm start`'s servers. */
const nginx = process.env.BENCH_SERVER === 'nginx';
/** Timed runs per app, interleaved across the apps like Lighthouse's. */
const TIMING_RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const started = Date.now();
const log = (msg) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${msg}`);

// A hard bound: the benchmark must never hang a terminal or CI job.
const watchdog = setTimeout(() => {
  console.error('bench: gave up after 40 minutes');
  process.exit(2);
}, 40 * 60_000);
watchdog.unref();

const sh = (cmd) => execSync(cmd, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

// BENCH_SKIP_BUILD=1 reuses the portal's last build; =all the anchors' too (when their sources did not change).
const skipBuild = process.env.BENCH_SKIP_BUILD;
if (skipBuild === '1' || skipBuild === 'all') log(`reusing the existing production build (BENCH_SKIP_BUILD=${skipBuild})`);
else {
  log('building the production portal (npm run build)…');
  sh('npm run build --silent');
}
if (skipBuild !== 'all') {
  log('building the floor (one webpack production bundle, no federation)…');
  sh('npx webpack -c bench/floor/webpack.config.js');
  log("building the single app (the portal's sources as one route-split app, no federation)…");
  sh('npx webpack -c bench/single-app/webpack.config.js');
}

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
  // What a service worker fetches is throttled (and taken offline) like the page it serves (lib/workers.mjs).
  const workers = await workerNetwork(browser, THROTTLED, OFFLINE);
  cleanups.push(() => workers.close());

  // The portal: shell and remotes on their own ports, as `npm start` deploys them, the shell's server forwarding
  // /api/ to the API (same origin: no CORS preflights). The floor and the single app are served by the same handler
  // with the same configuration, each on a port of its own, so all three stay up for the interleaved Lighthouse runs.
  const env = { PORTAL_API_URL: api.url, PORTAL_API_SAME_ORIGIN: '1' };
  const config = configFromEnv(env, { basePort: PORTAL_PORT });
  const apiProxy = apiProxyFromEnv(env);
  // Each app's last build, as it came out of webpack (serve:nginx serves the release store's live releases).
  const distRoots = (app) => [path.join(root, apps.find((a) => a.name === app).dir, 'dist')];
  const portal = nginx
    ? await startNginxPortal({ basePort: PORTAL_PORT, apiUrl: api.url })
    : await servePortal({ basePort: PORTAL_PORT, config, apiProxy, rootsFor: distRoots, dir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-portal-')) });
  log(`portal served by ${nginx ? 'nginx (npm run serve:nginx)' : 'portal-server (npm start)'} on ${portal.urls.shell}`);
  cleanups.push(() => portal.close());
  const floorDir = path.join(root, 'bench/floor/dist');
  const floor = await serveDir(floorDir, PORTAL_PORT + apps.length, config, { apiProxy });
  cleanups.push(() => floor.close());
  const singleDir = path.join(root, 'bench/single-app/dist');
  // The single app routes by the areas' declared routes, which the portal's server writes per page from the live releases.
  const single = await serveDir(singleDir, PORTAL_PORT + apps.length + 1, { ...config, routes: declaredRoutes() }, { apiProxy });
  cleanups.push(() => single.close());

  const targets = {
    portal: {
      url: portal.urls.shell,
      hasWorker: fs.existsSync(path.join(root, 'shell/dist/sw.js')),
      gzipOf: gzipSizer(
        Object.fromEntries(apps.map((a) => [`http://localhost:${PORTAL_PORT + a.offset}`, path.join(root, a.dir, 'dist')])),
      ),
    },
    floor: { url: floor.url, gzipOf: gzipSizer({ [floor.url]: floorDir }) },
    singleApp: { url: single.url, gzipOf: gzipSizer({ [single.url]: singleDir }) },
  };
  const labels = { portal: 'portal', floor: 'floor', singleApp: 'single app' };
  const results = { date: new Date().toISOString(), network: NETWORK, timingRuns: TIMING_RUNS, server: nginx ? 'nginx' : 'portal-server' };
  // Interleaved (portal, floor, single app, portal, …), so a change in the machine's load falls on all three alike.
  const samples = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  // Issue 39's area switches: from /home, a click on the navbar's link, or on the first kit's link to its dashboard.
  const switches = [
    { path: '/billing', link: 'nav[aria-label="Main"] a[href="/billing"]' },
    { path: '/profile', link: 'nav[aria-label="Main"] a[href="/profile"]' },
    { path: `/dashboard/${session.kitId}`, link: `main a[href="/dashboard/${session.kitId}"]` },
  ];
  // Lighthouse, interleaved like the timed runs: { lighthouseLogin: { portal, floor, singleApp }, lighthouseHome: … }.
  const lighthouse = {};
  const lighthouseRuns = async () => {
    if (skipLighthouse) return;
    for (const [page, pageStorage] of [['login', null], ['home', storage]]) {
      if (!runs(`lighthouse-${page}`)) continue;
      const byApp = { portal: [], floor: [], singleApp: [] };
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        for (const name of Object.keys(byApp)) {
          log(`Lighthouse /${page}: ${labels[name]}, run ${i + 1} of ${LIGHTHOUSE_RUNS}…`);
          byApp[name].push(await lighthouseOnce(`${targets[name].url}/${page}`, pageStorage));
        }
      }
      lighthouse[page === 'login' ? 'lighthouseLogin' : 'lighthouseHome'] = Object.fromEntries(
        Object.entries(byApp).map(([name, list]) => [name, summariseRuns(list)]),
      );
    }
  };
  for (let i = 0; i < TIMING_RUNS; i++) {
    for (const [name, { url, gzipOf, hasWorker = false }] of Object.entries(targets)) {
      log(`run ${i + 1} of ${TIMING_RUNS}, ${labels[name]}: /login cold and warm, typed login, /home cold and warm, areas…`);
      const login = runs('login') ? await measureSession(browser, { baseUrl: url, path: '/login', marks: ['form'], gzipOf }) : null;
      const usable = runs('usable') ? await measureUsable(browser, { baseUrl: url, credentials: DEMO_CREDENTIALS }) : null;
      const home = !runs('home') ? null : await measureSession(browser, {
        baseUrl: url,
        path: '/home',
        marks: ['heading', 'kitList'],
        storage,
        navigation,
        gzipOf,
      });
      log(`run ${i + 1} of ${TIMING_RUNS}, ${labels[name]}: returning /home (worker, last-known data), offline, area switches…`);
      const returning = runs('returning') ? await measureReturning(browser, workers, { baseUrl: url, storage, hasWorker, gzipOf }) : null;
      const idle = runs('switches')
        ? await measureIdleAndSwitches(browser, workers, { baseUrl: url, storage, saveData: false, switches, gzipOf })
        : null;
      // Save-Data on: only the portal fetches other areas' code on a guess, and only its areas have origins to tell them by.
      const idleSaveData =
        name === 'portal' && runs('savedata')
          ? await measureIdleAndSwitches(browser, workers, { baseUrl: url, storage, saveData: true, gzipOf })
          : null;
      samples[name].push({ login, usable, home, returning, idle, idleSaveData });
    }
  }
  if (only) {
    await lighthouseRuns();
    console.log(`\n${partialSummary(samples, lighthouse, { loadavg: os.loadavg(), runs: TIMING_RUNS })}`);
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    const partial = { date: new Date().toISOString(), loadavg: os.loadavg(), only: [...only], samples: stripSamples(samples), lighthouse };
    fs.writeFileSync(path.join(root, 'bench-results/partial.json'), `${JSON.stringify(partial, null, 2)}\n`);
    log('written to bench-results/partial.json (BENCH_ONLY: bench/README.md left as it was)');
    await cleanup();
    process.exit(0);
  }
  // Bytes, requests and levels from the first run (the same in every run); timings as median and range of all.
  for (const [name, runs] of Object.entries(samples)) {
    const [first] = runs;
    const timing = (pick) => spread(runs.map(pick));
    results[name] = {
      login: strip(first.login),
      home: strip(first.home),
      copies: libraryCopies(runs.flatMap((r) => [r.login.bodies, r.home.bodies])),
      timing: {
        loginForm: timing((r) => r.login.cold.shown.form),
        loginWarm: timing((r) => r.login.warm.shown.form),
        loginTyped: timing((r) => r.usable.typedMs),
        loginUsable: timing((r) => r.usable.usableMs),
        homeFrame: timing((r) => r.home.cold.shown.heading),
        homeKits: timing((r) => r.home.cold.shown.kitList),
        homeWarm: timing((r) => r.home.warm.shown.kitList),
        steps: navigation.map((_, k) => timing((r) => r.home.steps[k].visibleMs)),
        // Cold /home as a customer who does not save data gets it: the worker registering, the idle prefetch.
        homeKitsNoSaveData: timing((r) => r.idle.kitListMs),
        homeKitsSaveDataWorker: name === 'portal' ? timing((r) => r.idleSaveData.kitListMs) : null,
        returningKits: timing((r) => r.returning.returning.shown.kitList),
        offlineKits: timing((r) => r.returning.offline.kitList),
        switches: switches.map((_, k) => timing((r) => r.idle.steps[k]?.visibleMs ?? null)),
      },
      returning: {
        install: runs.map((r) => r.returning.install),
        visit: strip(first.returning.returning),
        lastKnownDrawn: runs.map((r) => r.returning.returning.lastKnownMs !== null),
        offline: runs.map((r) => r.returning.offline),
      },
      switches: first.idle.steps,
    };
  }
  // Save-Data (issue 39): scripts of areas other than /home's own (kits) and the shell, fetched on /home by the page or
  // its worker from the first request to 6 s after the kit list showed and the network was quiet.
  const homeAreas = new Set(['shell', 'kits']);
  const otherOrigins = new Set(
    apps.filter((a) => !homeAreas.has(a.name)).map((a) => `http://localhost:${PORTAL_PORT + a.offset}`),
  );
  const idleOtherAreas = ({ page, worker }) => {
    const isScript = (r) => r.type === 'Script' || /\.js(\?|$)/.test(new URL(r.url).pathname);
    const fetched = [...page.filter((r) => !r.fromWorker), ...worker].filter(
      (r) => !r.fromCache && !r.failed && r.status === 200 && otherOrigins.has(new URL(r.url).origin) && isScript(r),
    );
    return {
      files: fetched.map((r) => r.url),
      gzip: fetched.reduce((sum, r) => sum + (targets.portal.gzipOf(r.url) ?? r.encoded ?? 0), 0),
      transferred: fetched.reduce((sum, r) => sum + (r.encoded ?? 0), 0),
    };
  };
  results.portal.saveData = {
    on: samples.portal.map((r) => idleOtherAreas(r.idleSaveData.idle)),
    off: samples.portal.map((r) => idleOtherAreas(r.idle.idle)),
  };
  // Only the portal's areas have origins of their own: a script from another area's origin is a wasted download. The
  // shell is no area: its own chunks fetched in idle time (the health reporter, web-vitals) may land in any step.
  const areaOf = Object.fromEntries(apps.map((a) => [`http://localhost:${PORTAL_PORT + a.offset}`, a.name]));
  const otherAreasJs = (step) => {
    const expected = step.path.startsWith('/dashboard') ? 'kits' : step.path.slice(1);
    return step.jsFiles.filter((f) => ![expected, 'shell'].includes(areaOf[new URL(f.url).origin])).map((f) => f.url);
  };
  for (const [k, step] of results.portal.home.steps.entries()) {
    step.otherAreasJs = [...new Set(samples.portal.flatMap((r) => otherAreasJs(r.home.steps[k])))];
  }

  await lighthouseRuns();
  for (const [key, byApp] of Object.entries(lighthouse)) for (const [name, summary] of Object.entries(byApp)) results[name][key] = summary;

  results.loadavg = os.loadavg();
  results.targets = targetChecks(results);
  results.invariants = invariantChecks(results);
  const table = renderTable(results);
  console.log(`\n${table}`);
  const outDir = path.join(root, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.md'), `${table}\n`);
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(`written to bench-results/latest.md and latest.json (${((Date.now() - started) / 60_000).toFixed(1)} min)`);
  // bench/README.md quotes the last full run (Lighthouse included) between its markers: the figures' one home.
  if (!skipLighthouse) {
    const readme = path.join(root, 'bench/README.md');
    const [open, close] = ['<!-- bench:figures -->', '<!-- /bench:figures -->'];
    const text = fs.readFileSync(readme, 'utf8');
    const at = text.indexOf(open);
    const end = text.indexOf(close);
    if (at >= 0 && end > at) {
      fs.writeFileSync(readme, `${text.slice(0, at + open.length)}\n${table}\n${text.slice(end)}`);
      log('the figures written into bench/README.md ("Latest figures")');
    }
  }
} finally {
  await cleanup();
}

/** A BENCH_ONLY run's samples without the script bodies and the idle visits' request records (partial.json). */
function stripSamples(samples) {
  const recordsOnly = (key, value) => key === 'bodies' || (key === 'idle' && Array.isArray(value?.page));
  return JSON.parse(JSON.stringify(samples, (key, value) => (recordsOnly(key, value) ? undefined : value)));
}

/** The results without the script bodies (kept only to count library copies). */
function strip(session) {
  const rest = { ...session };
  delete rest.bodies;
  return rest;
}
