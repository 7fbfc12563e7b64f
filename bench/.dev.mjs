import path from 'node:path';
import { startPortalServers, configFromEnv, apiProxyFromEnv, apps } from '/work/wt-bench39/portal-server/src/index.ts';
import { demoSession, root, serveDir, startApi } from '/work/wt-bench39/bench/lib/services.mjs';
import { gzipSizer, launchChromium, measureIdleAndSwitches, measureReturning, OFFLINE, THROTTLED } from '/work/wt-bench39/bench/lib/browser.mjs';
import { workerNetwork } from '/work/wt-bench39/bench/lib/workers.mjs';
const PORTAL_PORT = 3300, API_PORT = 4300;
const origins = apps.map((a) => `http://localhost:${PORTAL_PORT + a.offset}`);
const api = await startApi({ port: API_PORT, origins });
const session = await demoSession(api.url);
const storage = { token: session.token, userData: JSON.stringify(session.user) };
const env = { PORTAL_API_URL: api.url, PORTAL_API_SAME_ORIGIN: '1' };
const config = configFromEnv(env, { basePort: PORTAL_PORT });
const apiProxy = apiProxyFromEnv(env);
const portal = await startPortalServers({ basePort: PORTAL_PORT, config, apiProxy });
const floorDir = path.join(root, 'bench/floor/dist');
const floor = await serveDir(floorDir, PORTAL_PORT + apps.length, config, { apiProxy });
const browser = await launchChromium();
const workers = await workerNetwork(browser, THROTTLED, OFFLINE);
const switches = [
  { path: '/billing', link: 'nav[aria-label="Main"] a[href="/billing"]' },
  { path: '/profile', link: 'nav[aria-label="Main"] a[href="/profile"]' },
  { path: `/dashboard/${session.kitId}`, link: `main a[href="/dashboard/${session.kitId}"]` },
];
const which = process.env.WHICH ?? 'returning,switches,savedata';
const targets = { portal: { url: portal.urls.shell, hasWorker: true, gzipOf: gzipSizer(Object.fromEntries(apps.map((a) => [`http://localhost:${PORTAL_PORT + a.offset}`, path.join(root, a.dir, 'dist')]))) }, floor: { url: floor.url, hasWorker: false, gzipOf: gzipSizer({ [floor.url]: floorDir }) } };
try {
  for (const [name, t] of Object.entries(targets)) {
    if (process.env.ONLY && process.env.ONLY !== name) continue;
    if (which.includes('returning')) {
      const s = Date.now();
      const r = await measureReturning(browser, workers, { baseUrl: t.url, storage, hasWorker: t.hasWorker, gzipOf: t.gzipOf });
      console.log(name, 'returning', ((Date.now() - s) / 1000).toFixed(0), 's', JSON.stringify({ install: r.install, returning: { ...r.returning, jsFiles: undefined }, offline: r.offline }, null, 1));
    }
    if (which.includes('switches')) {
      const s = Date.now();
      const r = await measureIdleAndSwitches(browser, workers, { baseUrl: t.url, storage, saveData: false, switches, gzipOf: t.gzipOf });
      console.log(name, 'switches', ((Date.now() - s) / 1000).toFixed(0), 's', r.steps.map((x) => `${x.path} ${x.visibleMs} ms ${x.requests} req ${x.jsGzip}`), 'idle page recs', r.idle.page.filter(x=>!x.fromCache).map((x) => x.url.replace('http://localhost:', '') + (x.fromWorker ? '(sw)' : '')).join(' '), 'worker recs', r.idle.worker.map((x) => x.url.replace('http://localhost:', '') + (x.fromCache ? '(c)' : '')).join(' '));
    }
    if (which.includes('savedata') && name === 'portal') {
      const r = await measureIdleAndSwitches(browser, workers, { baseUrl: t.url, storage, saveData: true, gzipOf: t.gzipOf });
      console.log(name, 'savedata on idle page recs', r.idle.page.filter(x=>!x.fromCache).map((x) => x.url.replace('http://localhost:', '')).join(' '), 'worker', r.idle.worker.map((x) => x.url.replace('http://localhost:', '')).join(' '));
    }
  }
} finally {
  await workers.close(); await browser.close(); await portal.close(); await floor.close(); await api.stop();
}
