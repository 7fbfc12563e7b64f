// One Markdown table: the portal beside the single app and the floor, with the issue's targets.
import { NETWORK } from './browser.mjs';

const kb = (bytes) => (bytes / 1000).toFixed(1);

export function targetChecks(r) {
  const p = r.portal;
  const f = r.floor;
  const checks = {
    'cold /login JS ≤ floor': p.login.cold.jsGzip <= f.login.cold.jsGzip,
    'cold /home JS ≤ 1.2 × floor': p.home.cold.jsGzip <= 1.2 * f.home.cold.jsGzip,
    'one copy of each shared library': Object.values(p.copies).every((urls) => urls.length === 1),
    'moving to an area fetches only its code': p.home.steps.every((s) => s.otherAreasJs.length === 0),
  };
  if (p.lighthouseLogin && p.lighthouseHome) {
    const [login, home] = [p.lighthouseLogin, p.lighthouseHome];
    checks['Lighthouse performance (median) ≥ 95 /login, ≥ 90 /home'] =
      login.performance.median >= 95 && home.performance.median >= 90;
    checks['Lighthouse accessibility 100 (median)'] =
      login.accessibility.median === 100 && home.accessibility.median === 100;
    checks['CLS < 0.05 (median)'] = login.cls.median < 0.05 && home.cls.median < 0.05;
  }
  return checks;
}

function load(l) {
  return l ? `${kb(l.jsGzip)} kB · ${l.requests} req · ${l.levels} levels · ${l.visibleMs} ms` : '';
}

function loadRow(label, pick, r) {
  return `| ${label} | ${APPS.map((app) => load(pick(r[app]))).join(' | ')} |`;
}

function stepCell(s, withOtherAreas) {
  if (!s) return '';
  return `+${kb(s.jsGzip)} kB · ${s.requests} req · ${s.visibleMs} ms${withOtherAreas ? `; ${s.otherAreasJs.length}` : ''}`;
}

/**
 * A portal load's JavaScript by file: the shared libraries' start-up chunk, the shell's main.js (the federation
 * runtime), the remotes' entries, the lazily loaded API client (axios), and the rest (the portal's own code).
 * Where the bytes above the floor go; the floor is one file.
 */
export function composition(load) {
  const parts = { libraries: 0, runtime: 0, entries: 0, client: 0, portal: 0 };
  for (const { url, gzip } of load.jsFiles) {
    const file = new URL(url).pathname.split('/').pop();
    if (file.startsWith('startup-vendor.')) parts.libraries += gzip;
    else if (/^main(\.[0-9a-f]{8})?\.js$/.test(file)) parts.runtime += gzip;
    else if (/^remoteEntry(\.[0-9a-f]{8})?\.js$/.test(file)) parts.entries += gzip;
    else if (file.startsWith('http-client.')) parts.client += gzip;
    else parts.portal += gzip;
  }
  return parts;
}

function compositionRow(label, load) {
  const c = composition(load);
  return `| ${label} by file (kB gzip): shared libraries · shell's main.js (federation runtime) · remote entries · API client (axios) · portal code | ${[c.libraries, c.runtime, c.entries, c.client, c.portal].map(kb).join(' · ')} | | |`;
}

/** The columns, left to right. */
const APPS = ['portal', 'singleApp', 'floor'];

/** Metric, decimals, label, unit. */
const LIGHTHOUSE_ROWS = [
  ['performance', 0, 'performance', ''],
  ['accessibility', 0, 'accessibility', ''],
  ['bestPractices', 0, 'best practices', ''],
  ['lcpMs', 0, 'LCP', ' ms'],
  ['tbtMs', 0, 'TBT', ' ms'],
  ['cls', 3, 'CLS', ''],
  ['fcpMs', 0, 'FCP', ' ms'],
];

/** "median (min–max) unit" of one metric; the range only when there was more than one run. */
function lhCell(summary, [metric, decimals, , unit]) {
  const m = summary?.[metric];
  if (!m) return 'not run';
  const f = (v) => v.toFixed(decimals);
  return `${f(m.median)}${summary.runs > 1 ? ` (${f(m.min)}–${f(m.max)})` : ''}${unit}`;
}

function lighthouseRows(r, key, page) {
  return LIGHTHOUSE_ROWS.map(
    (row) => `| Lighthouse mobile ${page}: ${row[2]} | ${APPS.map((app) => lhCell(r[app][key], row)).join(' | ')} |`,
  );
}

export function renderTable(r) {
  const p = r.portal;
  const runs = p.lighthouseLogin?.runs;
  const lines = [
    `Benchmark ${r.date.slice(0, 10)} · network ${NETWORK.latency} ms RTT, ${NETWORK.downloadKbps} kbps down / ${NETWORK.uploadKbps} kbps up (CDP), headless Debian Chromium, 412×823 viewport · API on the page's origin through the portal server (every column) · JS in gzip bytes (size of the .gz file the server sends a gzip client) · "levels" = request waterfall depth${runs ? ` · Lighthouse: median (min–max) of ${runs} interleaved runs per app and page` : ''}`,
    '',
    '| measure | portal (federated) | single app (same sources, no federation) | floor (one bundle) |',
    '| --- | --- | --- | --- |',
    loadRow('cold /login (JS gzip · requests · levels · form visible)', (a) => a.login.cold, r),
    compositionRow('cold /login', p.login.cold),
    loadRow('warm /login', (a) => a.login.warm, r),
    loadRow('cold /home, signed in (kit list visible)', (a) => a.home.cold, r),
    compositionRow('cold /home', p.home.cold),
    loadRow('warm /home', (a) => a.home.warm, r),
    ...p.home.steps.map(
      (s, i) =>
        `| → ${s.path.replace(/\d+$/, '{id}')} (extra JS gzip · requests · screen shown; portal: other areas' scripts) | ${stepCell(s, true)} | ${stepCell(r.singleApp.home.steps[i])} | ${stepCell(r.floor.home.steps[i])} |`,
    ),
    `| federation cost: portal JS − single app JS (gzip), cold /login · cold /home | ${kb(p.login.cold.jsGzip - r.singleApp.login.cold.jsGzip)} kB · ${kb(p.home.cold.jsGzip - r.singleApp.home.cold.jsGzip)} kB | | |`,
    `| copies downloaded: react / react-dom / styled-components / zustand | ${APPS.map((app) =>
      Object.values(r[app].copies)
        .map((u) => u.length)
        .join(' / '),
    ).join(' | ')} |`,
    ...(p.lighthouseLogin
      ? [...lighthouseRows(r, 'lighthouseLogin', '/login'), ...lighthouseRows(r, 'lighthouseHome', '/home')]
      : ['| Lighthouse mobile | not run | not run | not run |']),
    '',
    'Targets:',
    ...Object.entries(r.targets).map(([name, ok]) => `- ${ok ? 'holds' : 'FAILS'}: ${name}`),
  ];
  return lines.join('\n');
}
