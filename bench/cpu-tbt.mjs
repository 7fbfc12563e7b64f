// `npx tsx bench/cpu-tbt.mjs` (inside a network namespace): builds A/B, interleaved, by the main thread's CPU time
// (trace tdur, which other processes' load barely moves), ×4 as Lighthouse's simulated mobile CPU: see README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { servePortal, configFromEnv, apiProxyFromEnv, apps } from '../portal-server/src/index.ts';
import { demoSession, root, startApi } from './lib/services.mjs';
import { launchChromium } from './lib/browser.mjs';
import { lighthouseOnce } from './lib/lighthouse.mjs';

const builds = JSON.parse(process.env.AB_BUILDS);
const RUNS = Number(process.env.AB_RUNS ?? 8);
const PAGE = process.env.AB_PAGE ?? 'home';
const names = Object.keys(builds);
const base = (i) => 3500 + 10 * i;
const origins = names.flatMap((_, i) => apps.map((a) => `http://localhost:${base(i) + a.offset}`));
const api = await startApi({ port: 4500, origins });
const session = await demoSession(api.url);
const storage = PAGE === 'home' ? { token: session.token, userData: JSON.stringify(session.user) } : {};
const env = { PORTAL_API_URL: api.url, PORTAL_API_SAME_ORIGIN: '1' };
const portals = [];
for (const [i, n] of names.entries()) {
  const dir = builds[n];
  const rootsFor = (app) => [path.join(dir === 'worktree' ? root : dir, apps.find((a) => a.name === app).dir, 'dist')];
  const siteFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ab-'));
  portals.push(await servePortal({ basePort: base(i), config: configFromEnv(env, { basePort: base(i) }), apiProxy: apiProxyFromEnv(env), rootsFor, dir: siteFolder }));
}
const browser = await launchChromium();
async function once(url) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${new URL(url).origin}/__bench-no-such-file.txt`);
  await page.evaluate((items) => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }, storage);
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'devtools.timeline'] });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (PAGE === 'home') await page.waitForSelector('ul[aria-label="Your kits"] li', { timeout: 20000 });
  await new Promise((r) => setTimeout(r, 1500));
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await ctx.close();
  const ev = trace.traceEvents;
  const mains = ev.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const counts = mains.map((m) => [m, ev.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length]);
  counts.sort((a, b) => b[1] - a[1]);
  const m = counts[0][0];
  const tasks = ev.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask' && e.tdur !== undefined);
  const cpu = tasks.map((t) => t.tdur / 1000);
  const long = cpu.filter((c) => c * 4 > 50).sort((a, b) => b - a);
  const tbt4 = long.reduce((s, c) => s + (c * 4 - 50), 0);
  return { tbt4: Math.round(tbt4), top: long.slice(0, 6).map((c) => Math.round(c * 4)), total: Math.round(cpu.reduce((s, c) => s + c, 0) * 4) };
}
const out = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < RUNS; r++) for (const [i, n] of names.entries()) {
  const url = `${portals[i].urls.shell}/${PAGE}`;
  // AB_LIGHTHOUSE=1: Lighthouse's own simulated TBT and score instead (load moves it; interleaving shares that out).
  if (process.env.AB_LIGHTHOUSE === '1') {
    const lh = await lighthouseOnce(url, storage);
    out[n].push({ tbt4: lh.tbtMs });
    console.log(`run ${r + 1} ${n}: Lighthouse ${lh.performance} TBT ${lh.tbtMs} LCP ${lh.lcpMs} FCP ${lh.fcpMs}`);
    continue;
  }
  const res = await once(url);
  out[n].push(res);
  console.log(`run ${r + 1} ${n}: TBT(cpu×4) ${res.tbt4} total ${res.total} top ${res.top.join(',')}`);
}
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
for (const n of names) { const t = out[n].map((x) => x.tbt4); console.log(`${n}: TBT(cpu×4) median ${med(t)} (${Math.min(...t)}–${Math.max(...t)}) [${t.join(',')}]`); }
await browser.close();
for (const p of portals) await p.close();
await api.stop();
process.exit(0);
