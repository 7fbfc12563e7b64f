// One Markdown table: the portal beside the single app and the floor, with the issue's targets.
import { NETWORK } from './browser.mjs';

const kb = (bytes) => (bytes / 1000).toFixed(1);

const ratio = (portal, floor) => (portal === null || floor === null || !floor ? null : portal / floor);

/** A timing target: the portal's median at most `factor` times the floor's. */
function timingTarget(name, factor, p, f) {
  const value = ratio(p.median, f.median);
  const missing = p.missing ? `; ${p.missing} run(s) never got there` : '';
  return {
    name: `${name} ≤ ${factor} × floor`,
    ok: value !== null && !p.missing && value <= factor,
    measured:
      value === null
        ? `no figure${missing}`
        : `${value.toFixed(2)} × (${p.median} / ${f.median} ms, medians)${missing}`,
  };
}

function bytesTarget(name, factor, p, f) {
  const value = p / f;
  return {
    name: `${name} ≤ ${factor} × floor`,
    ok: value <= factor,
    measured: `${value.toFixed(2)} × (${kb(p)} / ${kb(f)} kB)`,
  };
}

/** Issue 22's targets for the portal (item 5), each with what was measured. */
export function targetChecks(r) {
  const [p, f, s] = [r.portal, r.floor, r.singleApp];
  const costs = [p.login.cold.jsGzip - s.login.cold.jsGzip, p.home.cold.jsGzip - s.home.cold.jsGzip];
  const checks = [
    timingTarget('cold /login: form visible', 0.35, p.timing.loginForm, f.timing.loginForm),
    timingTarget('cold /login: usable (typed password submits)', 1.1, p.timing.loginUsable, f.timing.loginUsable),
    timingTarget('cold /home: frame visible', 0.5, p.timing.homeFrame, f.timing.homeFrame),
    timingTarget('cold /home: kit list visible', 1.2, p.timing.homeKits, f.timing.homeKits),
    bytesTarget('cold /login: JS', 1.12, p.login.cold.jsGzip, f.login.cold.jsGzip),
    bytesTarget('cold /home: JS', 1.3, p.home.cold.jsGzip, f.home.cold.jsGzip),
    {
      name: 'federation cost (portal JS − single app JS) ≤ 25 kB on cold /login and on cold /home',
      ok: costs.every((c) => c <= 25_000),
      measured: costs.map((c) => `${kb(c)} kB`).join(' · '),
    },
  ];
  const pages = [
    ['/login', 'lighthouseLogin'],
    ['/home', 'lighthouseHome'],
  ];
  const lighthouse = (name, ok, measured) =>
    p.lighthouseLogin
      ? { name, ok: pages.every(ok), measured: pages.map(measured).join(' · ') }
      : { name, ok: null, measured: 'not run' };
  checks.push(
    lighthouse(
      "Lighthouse mobile performance median ≥ floor's median − 3 on /login and /home",
      ([, k]) => p[k].performance.median >= f[k].performance.median - 3,
      ([page, k]) => `${page} ${p[k].performance.median} vs ${f[k].performance.median}`,
    ),
    lighthouse(
      'Lighthouse accessibility 100 on /login and /home (every run)',
      ([, k]) => p[k].accessibility.min === 100,
      ([page, k]) => `${page} ${p[k].accessibility.min}${p[k].failing.length ? ` (${p[k].failing.join(', ')})` : ''}`,
    ),
    lighthouse(
      'Lighthouse CLS ≤ 0.01 on /login and /home (every run)',
      ([, k]) => p[k].cls.max <= 0.01,
      ([page, k]) => `${page} worst ${p[k].cls.max.toFixed(3)}`,
    ),
  );
  return checks;
}

/** What issue 8 achieved and issue 22 keeps. */
export function invariantChecks(r) {
  const p = r.portal;
  return [
    {
      name: 'one copy of each shared library',
      ok: Object.values(p.copies).every((urls) => urls.length === 1),
      measured: Object.values(p.copies)
        .map((u) => u.length)
        .join(' / '),
    },
    {
      name: 'moving to an area fetches only its code',
      ok: p.home.steps.every((s) => s.otherAreasJs.length === 0),
      measured: `${p.home.steps.reduce((n, s) => n + s.otherAreasJs.length, 0)} other areas' scripts`,
    },
  ];
}

/** "median (min–max) ms" of a timing (the range when more than one run); "—" when the screen never showed. */
function timeCell(t) {
  if (!t) return '';
  const missing = t.missing ? ` (${t.missing} of ${t.values.length} never)` : '';
  if (t.median === null) return `—${missing}`;
  const range = t.values.length - t.missing > 1 ? ` (${t.min}–${t.max})` : '';
  return `${Math.round(t.median)}${range} ms${missing}`;
}

function timeRow(label, pick, r) {
  return `| ${label} | ${APPS.map((app) => timeCell(pick(r[app].timing))).join(' | ')} |`;
}

function load(l) {
  return l ? `${kb(l.jsGzip)} kB · ${l.requests} req · ${l.levels} levels` : '';
}

function loadRow(label, pick, r) {
  return `| ${label} | ${APPS.map((app) => load(pick(r[app]))).join(' | ')} |`;
}

function stepCell(s, t, withOtherAreas) {
  if (!s) return '';
  return `+${kb(s.jsGzip)} kB · ${s.requests} req · ${timeCell(t)}${withOtherAreas ? `; ${s.otherAreasJs.length}` : ''}`;
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

const checkLine = ({ name, ok, measured }) =>
  `- ${ok === null ? 'not run' : ok ? 'holds' : 'FAILS'}: ${name}: ${measured}`;

export function renderTable(r) {
  const p = r.portal;
  const runs = p.lighthouseLogin?.runs;
  const steps = p.home.steps.map((s, i) => {
    const cells = APPS.map((app, c) => stepCell(r[app].home.steps[i], r[app].timing.steps[i], c === 0));
    return `| → ${s.path.replace(/\d+$/, '{id}')} (extra JS gzip · requests · heading shown; portal: other areas' scripts) | ${cells.join(' | ')} |`;
  });
  const lines = [
    `Benchmark ${r.date.slice(0, 10)} · network ${NETWORK.latency} ms RTT, ${NETWORK.downloadKbps} kbps down / ${NETWORK.uploadKbps} kbps up (CDP), headless Debian Chromium, 412×823 viewport · API on the page's origin through the portal server (every column) · JS in gzip bytes (size of the .gz file the server sends a gzip client; a script inline in the page, gzip of its text, the entry script inline on a first visit as its file) · "levels" = request waterfall depth · times from navigation start: median (min–max) of ${r.timingRuns} interleaved runs per app${runs ? ` · Lighthouse: median (min–max) of ${runs} interleaved runs per app and page` : ''}`,
    '',
    '| measure | portal (federated) | single app (same sources, no federation) | floor (one bundle) |',
    '| --- | --- | --- | --- |',
    loadRow('cold /login: JS gzip · requests · levels', (a) => a.login.cold, r),
    compositionRow('cold /login', p.login.cold),
    timeRow('cold /login: form visible', (t) => t.loginForm, r),
    timeRow('cold /login: usable (typed password submits)', (t) => t.loginUsable, r),
    timeRow('warm /login: form visible', (t) => t.loginWarm, r),
    loadRow('cold /home, signed in: JS gzip · requests · levels', (a) => a.home.cold, r),
    compositionRow('cold /home', p.home.cold),
    timeRow('cold /home: frame visible', (t) => t.homeFrame, r),
    timeRow('cold /home: kit list visible', (t) => t.homeKits, r),
    timeRow('warm /home: kit list visible', (t) => t.homeWarm, r),
    ...steps,
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
    'Targets (issue 22; the portal against the floor):',
    ...r.targets.map(checkLine),
    '',
    'Kept from issue 8:',
    ...r.invariants.map(checkLine),
  ];
  return lines.join('\n');
}
