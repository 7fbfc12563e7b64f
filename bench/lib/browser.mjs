/* global document, window, location, history, dispatchEvent, PopStateEvent, requestAnimationFrame, HTMLInputElement -- the screen checks run in the page */
// Page loads and in-app navigations in headless Debian Chromium, recorded through the DevTools protocol.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { initiatorUrls, waterfallLevels } from './waterfall.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The slow mobile network every timing is taken on (CDP Network.emulateNetworkConditions). */
export const NETWORK = { latency: 400, downloadKbps: 400, uploadKbps: 400 };

/** Strings found in exactly one library's minified code (react and react-dom as in e2e/tests/federation.spec.ts). */
export const LIBRARY_MARKERS = {
  react: /\.cloneElement=function/,
  'react-dom': /__reactContainer\$/,
  'styled-components': /data-styled/,
  // zustand's vanilla store object: property names survive minification.
  zustand: /getState:[\w$]+,getInitialState:/,
};

export function launchChromium() {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/**
 * JavaScript bytes "after gzip": the browser negotiates brotli with our servers, so for every script it fetched
 * (status 200, not from cache) we count the size of the .gz file the same server sends to a gzip-only client
 * (the raw size when the file is below the compression threshold and is sent uncompressed).
 */
export function gzipSizer(originDirs) {
  return (url) => {
    const u = new URL(url);
    const dir = originDirs[u.origin];
    if (!dir) return null;
    const file = path.join(dir, decodeURIComponent(u.pathname));
    if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
    if (fs.existsSync(file)) return fs.statSync(file).size;
    return null;
  };
}

async function instrument(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Runtime.enable');
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.latency,
    downloadThroughput: (NETWORK.downloadKbps * 1000) / 8,
    uploadThroughput: (NETWORK.uploadKbps * 1000) / 8,
  });
  const state = { records: [], byId: new Map(), inflight: new Set(), lastActivity: Date.now(), bodies: new Map() };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.redirectResponse) return;
    if (e.request.url.startsWith('data:')) return;
    const rec = {
      id: e.requestId,
      url: e.request.url,
      method: e.request.method,
      type: e.type,
      start: e.timestamp,
      initiatorType: e.initiator?.type,
      initiatorUrls: initiatorUrls(e.initiator),
      preflightFor: e.initiator?.type === 'preflight' ? e.initiator.requestId : undefined,
    };
    // A preflight shares nothing with its request id in older versions: key it apart.
    if (state.byId.has(rec.id)) rec.id = `${rec.id}:preflight`;
    state.records.push(rec);
    state.byId.set(rec.id, rec);
    state.inflight.add(rec.id);
    state.lastActivity = Date.now();
  });
  const finish = (id, patch) => {
    const rec = state.byId.get(id);
    if (!rec) return;
    Object.assign(rec, patch);
    state.inflight.delete(id);
    state.lastActivity = Date.now();
  };
  cdp.on('Network.requestServedFromCache', (e) => {
    const rec = state.byId.get(e.requestId);
    if (rec) rec.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const rec = state.byId.get(e.requestId);
    if (!rec) return;
    rec.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) rec.fromCache = true;
    if (e.type) rec.type = e.type;
  });
  cdp.on('Network.loadingFinished', (e) => finish(e.requestId, { end: e.timestamp, encoded: e.encodedDataLength }));
  cdp.on('Network.loadingFailed', (e) => finish(e.requestId, { end: e.timestamp, failed: true }));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.status() === 200)
      state.bodies.set(
        response.url(),
        response.text().catch(() => ''),
      );
  });
  return { cdp, state };
}

async function networkQuiet(state, quietMs = 800, maxMs = 15_000) {
  const started = Date.now();
  while (Date.now() - started < maxMs) {
    if (state.inflight.size === 0 && Date.now() - state.lastActivity >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)(?![^>]*\btype=["']?application\/json)[^>]*>([\s\S]*?)<\/script>/g;
const ENTRY_META = /<meta name="portal-entry" content="([^"]+)">/;

/**
 * The scripts a downloaded page carries inline, counted as JavaScript like the files: gzip bytes of each on its own.
 * The portal's entry script, inline on a first visit (the page names it in `<meta name="portal-entry">`; the server
 * puts it last), is named by its file, so it counts as that file.
 */
async function inlineScripts(cdp, records, gzipOf) {
  const pages = records.filter((r) => r.type === 'Document' && r.status === 200 && !r.fromCache && !r.failed);
  const found = [];
  for (const page of pages) {
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId: page.id });
    const html = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
    const texts = [...html.matchAll(INLINE_SCRIPT)].map((m) => m[1]).filter((text) => text.trim());
    const entry = ENTRY_META.exec(html)?.[1];
    texts.forEach((text, i) => {
      const named = entry && i === texts.length - 1 ? `${new URL(entry, page.url)}#inline` : null;
      found.push({
        url: named ?? `${page.url}#inline-script-${i + 1}`,
        gzip: (named && gzipOf(named)) || zlib.gzipSync(text, { level: 9 }).length,
      });
    });
  }
  return found;
}

async function summarise(cdp, records, gzipOf) {
  const network = records.filter((r) => !r.fromCache && !r.failed);
  const scripts = network.filter((r) => r.type === 'Script');
  const downloaded = scripts.filter((r) => r.status === 200);
  const gz = [
    ...downloaded.map((r) => ({ url: r.url, gzip: gzipOf(r.url) ?? r.encoded ?? 0 })),
    ...(await inlineScripts(cdp, network, gzipOf)),
  ];
  return {
    jsGzip: gz.reduce((sum, s) => sum + s.gzip, 0),
    jsFiles: gz,
    requests: network.length,
    scriptRequests: scripts.length,
    transferred: network.reduce((sum, r) => sum + (r.encoded ?? 0), 0),
    levels: waterfallLevels(records.filter((r) => !r.failed)),
  };
}

/** Resolves with the value `check` returns once truthy (polled every animation frame). */
function waitForScreen(page, check, arg) {
  return page
    .waitForFunction(check, arg, { polling: 'raf', timeout: 60_000 })
    .then((handle) => handle.jsonValue())
    .catch((error) => {
      throw new Error(`${page.url()}: the screen did not show (${check.name || arg}): ${error.message}`);
    });
}

/**
 * Runs in every document before any of its own scripts (an init script, so no CSP applies and no round trip to the
 * test runner delays it): at each animation frame, from the first one the browser draws, it records the
 * performance.now() at which each screen's elements are first laid out visible, i.e. the frame that paints them,
 * whether they came in the HTML or were rendered by JavaScript. Each check is the same for the three apps.
 */
function paintProbe() {
  const visible = (selector) => !!document.querySelector(selector)?.checkVisibility();
  const checks = {
    // The login form: its password field and its submit button.
    form: () => visible('input[type="password"]') && visible('button[type="submit"]'),
    // A page's frame: its heading in the page's main landmark (the boot frame has none).
    heading: () => visible('main h1'),
    // The kit list with at least one kit (data from the API).
    kitList: () => visible('ul[aria-label="Your kits"] li'),
  };
  const marks = {};
  Object.defineProperty(window, '__benchMarks', { value: marks });
  const frame = () => {
    for (const [name, check] of Object.entries(checks))
      if (!(name in marks) && check()) marks[name] = performance.now();
    if (Object.keys(marks).length < Object.keys(checks).length && performance.now() < 60_000)
      requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** performance.now() of the frame that first showed `mark` (see paintProbe). */
const waitForMark = (page, mark) => waitForScreen(page, (name) => window.__benchMarks?.[name] ?? false, mark);

// The in-app navigation check (run in the page, so self-contained).
export const screens = {
  newHeading: (path) => {
    if (location.pathname !== path) return false;
    const h1 = document.querySelector('main h1');
    const prev = window.__benchPreviousHeading;
    const changed = !!h1 && (h1 !== prev?.element || h1.textContent !== prev?.text);
    return changed && h1.checkVisibility() ? performance.now() : false;
  },
};

async function newContext(browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  await context.addInitScript(paintProbe);
  return context;
}

/**
 * Runs in the page before its own scripts: at the first animation frame where the login form's email and password
 * fields are visible, types the credentials in (each field focused, its value set as typing does, an input event)
 * and submits the form as Enter does (`requestSubmit` with its submit button). In the page rather than from the
 * test runner, so the driver's round trips on a loaded machine are not part of any app's time.
 */
function typeAndSubmit({ email, password }) {
  const marks = {};
  Object.defineProperty(window, '__benchLogin', { value: marks });
  const type = (input, value) => {
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const frame = () => {
    const emailField = document.querySelector('input[type="email"]');
    const passwordField = document.querySelector('input[type="password"]');
    const submit = passwordField?.form?.querySelector('button[type="submit"]');
    const ready = [emailField, passwordField, submit].every((el) => el?.checkVisibility() && !el.disabled);
    if (!ready) {
      if (performance.now() < 60_000) requestAnimationFrame(frame);
      return;
    }
    type(emailField, email);
    type(passwordField, password);
    marks.typed = performance.now();
    passwordField.form.requestSubmit(submit);
  };
  requestAnimationFrame(frame);
}

/**
 * Cold /login for a customer who types at once (typeAndSubmit: as soon as the fields show, drawn from the HTML or
 * by the app). "Usable" is when the login request leaves (its Resource Timing startTime, performance.now()'s
 * clock): the page was hydrated and the typed password was submitted, whether the submit waited for the app or the
 * form only appeared with it.
 * @returns {Promise<{typedMs: number|null, usableMs: number|null}>} usableMs null when no login request left within
 *   30 s of the submit
 */
export async function measureUsable(browser, { baseUrl, credentials }) {
  const context = await newContext(browser);
  await context.addInitScript(typeAndSubmit, credentials);
  const page = await context.newPage();
  await instrument(context, page);
  try {
    const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/v1\/login$/.test(r.url()), {
      timeout: 60_000,
    });
    sent.catch(() => undefined);
    await page.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
    const typedMs = Math.round(await waitForScreen(page, () => window.__benchLogin?.typed ?? false));
    const request = await Promise.race([sent, new Promise((r) => setTimeout(r, 30_000, null))]);
    if (!request) return { typedMs, usableMs: null };
    const startMs = await waitForScreen(
      page,
      (u) => performance.getEntriesByName(u).find((e) => e.initiatorType !== 'navigation')?.startTime ?? false,
      request.url(),
    );
    return { typedMs, usableMs: Math.round(startMs) };
  } finally {
    await context.close();
  }
}

/**
 * Cold then warm first load of `path` in a fresh browser context, each timed to the frame that first showed each of
 * `marks` (see paintProbe), then optional in-app navigations.
 * @returns {Promise<{cold, warm, steps, bodies}>}
 */
export async function measureSession(browser, { baseUrl, path: start, marks, storage, navigation = [], gzipOf }) {
  const context = await newContext(browser);
  if (storage) {
    await context.addInitScript(
      ({ origin, items }) => {
        if (location.origin !== origin || sessionStorage.getItem('bench-seeded')) return;
        sessionStorage.setItem('bench-seeded', '1');
        for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
      },
      { origin: new URL(baseUrl).origin, items: storage },
    );
  }
  const page = await context.newPage();
  const { cdp, state } = await instrument(context, page);
  const load = async () => {
    const from = state.records.length;
    await page.goto(baseUrl + start, { waitUntil: 'commit' });
    const shown = {};
    for (const mark of marks) shown[mark] = Math.round(await waitForMark(page, mark));
    await networkQuiet(state);
    return { shown, ...(await summarise(cdp, state.records.slice(from), gzipOf)) };
  };
  const cold = await load();
  const warm = await load();
  const steps = [];
  for (const target of navigation) {
    const from = state.records.length;
    const begun = await page.evaluate((to) => {
      const element = document.querySelector('main h1');
      window.__benchPreviousHeading = { element, text: element?.textContent };
      const t = performance.now();
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      return t;
    }, target);
    const shown = await waitForScreen(page, screens.newHeading, target);
    await networkQuiet(state);
    steps.push({ path: target, visibleMs: Math.round(shown - begun), ...(await summarise(cdp, state.records.slice(from), gzipOf)) });
  }
  const bodies = new Map(await Promise.all([...state.bodies].map(async ([url, body]) => [url, await body])));
  await context.close();
  return { cold, warm, steps, bodies };
}

export function libraryCopies(bodyMaps) {
  const all = new Map();
  for (const m of bodyMaps) for (const [url, body] of m) all.set(url, body);
  return Object.fromEntries(
    Object.entries(LIBRARY_MARKERS).map(([lib, marker]) => [
      lib,
      [...all].filter(([, body]) => marker.test(body)).map(([url]) => url),
    ]),
  );
}
