import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './lib/browser.mjs';
import { demoSession, startApi } from './lib/services.mjs';
import { configFromEnv, startPortalServers, apps } from '../scripts/portal-server.mjs';
const PORT = 3400;
const origins = apps.map((a) => `http://localhost:${PORT + a.offset}`);
const api = await startApi({ port: 4400, origins });
const session = await demoSession(api.url);
const storage = { token: session.token, userData: JSON.stringify(session.user) };
const config = configFromEnv({ PORTAL_API_URL: api.url }, { basePort: PORT });
const portal = await startPortalServers({ basePort: PORT, config });
for (const [path, st] of [['/login', null], ['/home', storage]]) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  await page.goto(`http://localhost:${PORT}/__x.txt`);
  await page.evaluate((items) => { localStorage.clear(); for (const [k, v] of Object.entries(items ?? {})) localStorage.setItem(k, v); }, st);
  const r = await lighthouse(`http://localhost:${PORT}${path}`, { logLevel: 'error', output: 'json', disableStorageReset: true, onlyCategories: ['performance'] }, undefined, page);
  const a = r.lhr.audits;
  console.log(path, 'perf', Math.round(r.lhr.categories.performance.score * 100), 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'SI', Math.round(a['speed-index'].numericValue));
  for (const id of ['long-tasks', 'bootup-time', 'mainthread-work-breakdown', 'largest-contentful-paint-element', 'lcp-lazy-loaded', 'render-blocking-resources']) {
    const d = a[id]?.details; if (!d) continue;
    console.log('  ', id, JSON.stringify((d.items || []).slice(0, 8).map((i) => { const o = { ...i }; delete o.node; return o; })).slice(0, 1200));
  }
  await browser.disconnect(); await chrome.kill();
}
await portal.close?.(); await api.stop(); process.exit(0);
