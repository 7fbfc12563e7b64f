// One Markdown table: the portal beside the floor, with the issue's targets.
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
    checks['Lighthouse performance ≥ 95 /login, ≥ 90 /home'] =
      p.lighthouseLogin.performance >= 95 && p.lighthouseHome.performance >= 90;
    checks['Lighthouse accessibility 100'] =
      p.lighthouseLogin.accessibility === 100 && p.lighthouseHome.accessibility === 100;
    checks['CLS < 0.05'] = p.lighthouseLogin.cls < 0.05 && p.lighthouseHome.cls < 0.05;
  }
  return checks;
}

function loadRow(label, p, f) {
  return `| ${label} | ${kb(p.jsGzip)} kB · ${p.requests} req · ${p.levels} levels · ${p.visibleMs} ms | ${
    f ? `${kb(f.jsGzip)} kB · ${f.requests} req · ${f.levels} levels · ${f.visibleMs} ms` : ''
  } |`;
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
  return `| ${label} by file (kB gzip): shared libraries · shell's main.js (federation runtime) · remote entries · API client (axios) · portal code | ${[c.libraries, c.runtime, c.entries, c.client, c.portal].map(kb).join(' · ')} | one file |`;
}

function lhRow(label, l) {
  return l
    ? `| ${label} | perf ${l.performance}${l.runs?.length > 1 ? ` (median of ${l.runs.join(", ")})` : ""} · a11y ${l.accessibility} · best practices ${l.bestPractices} · LCP ${l.lcpMs} ms · TBT ${l.tbtMs} ms · CLS ${l.cls}`
    : `| ${label} | not run`;
}

export function renderTable(r) {
  const p = r.portal;
  const f = r.floor;
  const lines = [
    `Benchmark ${r.date.slice(0, 10)} · network ${NETWORK.latency} ms RTT, ${NETWORK.downloadKbps} kbps down / ${NETWORK.uploadKbps} kbps up (CDP), headless Debian Chromium, 412×823 viewport · API on the page's origin through the portal server (both columns) · JS in gzip bytes (size of the .gz file the server sends a gzip client) · "levels" = request waterfall depth`,
    '',
    '| measure | portal (federated) | floor (one bundle) |',
    '| --- | --- | --- |',
    loadRow('cold /login (JS gzip · requests · levels · form visible)', p.login.cold, f.login.cold),
    compositionRow('cold /login', p.login.cold),
    loadRow('warm /login', p.login.warm, f.login.warm),
    loadRow('cold /home, signed in (kit list visible)', p.home.cold, f.home.cold),
    compositionRow('cold /home', p.home.cold),
    loadRow('warm /home', p.home.warm, f.home.warm),
    ...p.home.steps.map((s, i) => {
      const fs = f.home.steps[i];
      return `| → ${s.path.replace(/\d+$/, '{id}')} (extra JS gzip · requests · screen shown; other areas' scripts) | +${kb(s.jsGzip)} kB · ${s.requests} req · ${s.visibleMs} ms; ${s.otherAreasJs.length} | ${fs ? `+${kb(fs.jsGzip)} kB · ${fs.requests} req · ${fs.visibleMs} ms` : ''} |`;
    }),
    `| copies downloaded: react / react-dom / styled-components / zustand | ${Object.values(p.copies)
      .map((u) => u.length)
      .join(' / ')} | ${Object.values(f.copies)
      .map((u) => u.length)
      .join(' / ')} |`,
    `${lhRow('Lighthouse mobile /login', p.lighthouseLogin)} | ${f.lighthouseLogin ? lhRow('', f.lighthouseLogin).slice(4) : ''} |`,
    `${lhRow('Lighthouse mobile /home', p.lighthouseHome)} | ${f.lighthouseHome ? lhRow('', f.lighthouseHome).slice(4) : ''} |`,
    '',
    'Targets:',
    ...Object.entries(r.targets).map(([name, ok]) => `- ${ok ? 'holds' : 'FAILS'}: ${name}`),
  ];
  return lines.join('\n');
}
