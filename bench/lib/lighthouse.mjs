// Lighthouse 12 (mobile preset: simulated slow 4G and 4x CPU slowdown) with Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './browser.mjs';
import { spread } from './stats.mjs';

/**
 * @param {string} url page to audit
 * @param {Record<string,string>|null} storage localStorage items written on the page's origin first (a
 *   signed-in customer); written from a 404 file URL so no script of the app gets into the cache.
 */
export async function lighthouseOnce(url, storage) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    const origin = new URL(url).origin;
    await page.goto(`${origin}/__bench-no-such-file.txt`);
    await page.evaluate((items) => {
      localStorage.clear();
      for (const [k, v] of Object.entries(items ?? {})) localStorage.setItem(k, v);
    }, storage);
    // Storage is kept (the session), and the cache is empty anyway: nothing of the app has loaded yet.
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      undefined,
      page,
    );
    const { categories, audits } = result.lhr;
    await browser.disconnect();
    // BENCH_DEBUG=1: where the main thread's time went (Lighthouse's long tasks and each script's boot-up time).
    if (process.env.BENCH_DEBUG === '1') {
      const items = (id) => audits[id]?.details?.items ?? [];
      const name = (u) => String(u).replace(/^https?:\/\/[^/]+/, '');
      console.error(`[lighthouse ${url}] long tasks: ${items('long-tasks').map((t) => `${name(t.url)} ${Math.round(t.startTime)}+${Math.round(t.duration)}`).join(' · ')}`);
      console.error(`[lighthouse ${url}] boot-up: ${items('bootup-time').map((b) => `${name(b.url)} ${Math.round(b.total)} (script ${Math.round(b.scripting)})`).join(' · ')}`);
    }
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      failing: Object.values(audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            ['accessibility', 'best-practices'].some((c) =>
              categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0),
            ),
        )
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

/** Runs per page and app: Lighthouse's own guidance for a figure that does not follow one noisy run. */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

/** The metrics summarised, each as the median and the range (min–max) of the runs. */
export const LIGHTHOUSE_METRICS = ['performance', 'accessibility', 'bestPractices', 'lcpMs', 'tbtMs', 'cls', 'fcpMs'];

/**
 * Each metric's median and range over the runs of one app and page, metric by metric (not one median run): on 2
 * cores shared with the servers, one run's TBT moves by hundreds of milliseconds between identical builds.
 */
export function summariseRuns(runs) {
  const summary = { runs: runs.length, failing: [...new Set(runs.flatMap((r) => r.failing))].sort() };
  for (const metric of LIGHTHOUSE_METRICS) {
    summary[metric] = spread(runs.map((r) => r[metric]));
  }
  return summary;
}
