/* global document, window, location, history, dispatchEvent, PopStateEvent, requestAnimationFrame, HTMLInputElement -- the screen checks run in the page */
// Page loads and in-app navigations in headless Debian Chromium, recorded through the DevTools protocol.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../e2e/support/chromium.ts';
import { keptReads } from '../../e2e/support/offline.ts';
import { initiatorUrls, waterfallLevels } from './waterfall.mjs';

export { CHROMIUM_ARGS };

/** The slow mobile network every timing is taken on (CDP Network.emulateNetworkConditions). */
export const NETWORK = { latency: 400, downloadKbps: 400, uploadKbps: 400 };

export const THROTTLED = {
  offline: false,
  latency: NETWORK.latency,
  downloadThroughput: (NETWORK.downloadKbps * 1000) / 8,
  uploadThroughput: (NETWORK.uploadKbps * 1000) / 8,
};
export const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/** Strings found in exactly one library's minified code (react and react-dom as in e2e/tests/federation.spec.ts). */
export const LIBRARY_MARKERS = {
  react: /\.cloneElement=function/,
  'react-dom': /__reactContainer\$/,
  'styled-components': /data-styled/,
  // zustand's vanilla store object: property names survive minification.
  zustand: /getState:[\w$]+,getInitialState:/,
};

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
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
  await cdp.send('Network.emulateNetworkConditions', THROTTLED);
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
    // Answered by the page's service worker: what the worker itself fetched is counted on its own target.
    if (e.response.fromServiceWorker) rec.fromWorker = true;
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

/** Until neither the page nor any service worker has had a request in flight for `quietMs`. */
async function networkQuiet(state, quietMs = 800, maxMs = 15_000, workers = null) {
  const started = Date.now();
  const states = workers ? [state, workers.state] : [state];
  while (Date.now() - started < maxMs) {
    if (states.every((s) => s.inflight.size === 0 && Date.now() - s.lastActivity >= quietMs)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `BENCH_DEBUG=1`: each step of the issue-39 measures on stderr, to find where a run waits. */
const debug = (...args) => process.env.BENCH_DEBUG === '1' && console.error(`[bench debug ${new Date().toISOString().slice(11, 19)}]`, ...args);

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
  // What the service worker answered left no request of the page's own (its network requests are the worker's).
  const network = records.filter((r) => !r.fromCache && !r.failed && !r.fromWorker);
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
function waitForScreen(page, check, arg, timeout = 60_000) {
  return page
    .waitForFunction(check, arg, { polling: 'raf', timeout })
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
    // The kit list with at least one kit (data from the API, or kept from an earlier visit).
    kitList: () => visible('ul[aria-label="Your kits"] li'),
    // The portal's note that what is on screen was kept from an earlier visit ("Updated HH:MM"; shared-api's texts).
    lastKnown: () => [...document.querySelectorAll('[role="status"]')].some((el) => /Updated \d\d:\d\d/.test(el.textContent) && el.checkVisibility()),
    // The portal's offline banner ("You're offline. …").
    offlineBanner: () => [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent.startsWith("You're offline") && el.checkVisibility()),
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
const waitForMark = (page, mark, timeout) =>
  waitForScreen(page, (name) => window.__benchMarks?.[name] ?? false, mark, timeout);

/** The marks the page has recorded so far (performance.now() of each, see paintProbe). */
const marksSoFar = (page) => page.evaluate(() => ({ ...window.__benchMarks }));

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

/**
 * A fresh browser context. The first-visit measures (`measureSession`, `measureUsable`) block service workers, so a
 * warm load there is the browser's HTTP cache alone, as it was measured before the portal had a worker; the
 * returning-customer measures allow them, as a customer's browser does.
 */
async function newContext(browser, { serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1, serviceWorkers });
  await context.addInitScript(paintProbe);
  return context;
}

/**
 * A first visit as the first-visit measures take it: service workers blocked and Save-Data on, so its bytes,
 * requests and levels are what the page needs (the portal's idle prefetch of a customer's pages, which Save-Data
 * stops, is measured apart by `measureIdleAndSwitches`, as is the kit list's time with it), as e2e/support/fixtures.ts
 * does for every spec that counts requests.
 */
async function firstVisitContext(browser) {
  const context = await newContext(browser);
  await context.addInitScript(saysSaveData);
  return context;
}

/** A signed-in customer: the session in local storage before the first page's scripts, once per tab. */
async function seedStorage(context, baseUrl, storage) {
  await context.addInitScript(
    ({ origin, items }) => {
      if (location.origin !== origin || sessionStorage.getItem('bench-seeded')) return;
      sessionStorage.setItem('bench-seeded', '1');
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    },
    { origin: new URL(baseUrl).origin, items: storage },
  );
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
  const context = await firstVisitContext(browser);
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
  const context = await firstVisitContext(browser);
  if (storage) await seedStorage(context, baseUrl, storage);
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

/** Page-side: the portal's service worker controls this page (e2e/support/offline.ts's check). */
const controlledByWorker = () => navigator.serviceWorker?.controller?.scriptURL.endsWith('/sw.js') === true;

/** The first page of kits, as shared-api/data keys it in the kept record. */
const KITS_READ = '["kits",1]';

/**
 * A returning customer, then the same customer offline. A first visit to /home (signed in, service workers allowed):
 * its kit list, then, for an app with a worker, until the worker controls the page (`navigator.serviceWorker.ready`,
 * then the controller; a page the activation did not claim is reloaded once, as e2e/support/offline.ts does, which
 * also gives the worker the page itself) and the first page of kits is kept in IndexedDB. Then a second navigation to
 * /home, timed to the frame that first showed a kit (see paintProbe); then the network goes away (the page and every
 * worker: `Network.emulateNetworkConditions` offline) and a third navigation to /home either shows the kit list or not.
 * @returns {Promise<{install, returning, offline}>}
 */
export async function measureReturning(browser, workers, { baseUrl, storage, hasWorker, gzipOf }) {
  const context = await newContext(browser, { serviceWorkers: 'allow' });
  await seedStorage(context, baseUrl, storage);
  const page = await context.newPage();
  const { cdp, state } = await instrument(context, page);
  const url = `${baseUrl}/home`;
  try {
    // The first visit, which installs the worker.
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await waitForMark(page, 'kitList');
    const install = { worker: null, reloaded: false, kept: [] };
    if (hasWorker) {
      const ready = await page
        .waitForFunction(() => navigator.serviceWorker.ready.then(() => true), undefined, { timeout: 60_000 })
        .then(
          () => true,
          () => false,
        );
      let controlled = ready && (await page.evaluate(controlledByWorker));
      if (ready && !controlled) {
        controlled = await page.waitForFunction(controlledByWorker, undefined, { timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        if (!controlled) {
          install.reloaded = true;
          await page.reload({ waitUntil: 'commit' });
          await waitForMark(page, 'kitList');
          controlled = await page.waitForFunction(controlledByWorker, undefined, { timeout: 30_000 }).then(
            () => true,
            () => false,
          );
        }
      }
      install.worker = controlled ? 'controls the page' : ready ? 'active, but not controlling the page' : 'never ready';
      install.controlledAfterMs = controlled ? Date.now() - started : null;
      // The first page of kits written to IndexedDB (the portal writes each fresh answer there).
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        install.kept = await keptReads(page);
        if (install.kept.includes(KITS_READ)) break;
        await sleep(250);
      }
      install.workersThrottled = workers.attached();
    }
    await networkQuiet(state, 800, 15_000, workers);

    debug(baseUrl, 'installed', JSON.stringify(install));
    // The returning visit.
    const from = state.records.length;
    const workerFrom = workers.state.records.length;
    await page.goto(url, { waitUntil: 'commit' });
    const kitList = await waitForMark(page, 'kitList').then(Math.round, () => null);
    await networkQuiet(state, 800, 15_000, workers);
    const marks = await marksSoFar(page);
    const visit = state.records.slice(from);
    const returning = {
      shown: { kitList },
      // When the page itself had arrived (network-first through the worker: a round trip before anything runs).
      documentMs: await page.evaluate(() => Math.round(performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0)),
      // The "Updated HH:MM" note: the list was drawn from the kept data before the fresh answer replaced it.
      lastKnownMs: marks.lastKnown === undefined ? null : Math.round(marks.lastKnown),
      controlled: await page.evaluate(controlledByWorker),
      // Where the time went: each script's and each API call's start and end, and the page's own milestones.
      timeline: await page.evaluate(() => {
        const at = (t) => Math.round(t);
        const [nav] = performance.getEntriesByType('navigation');
        const files = performance
          .getEntriesByType('resource')
          .filter((e) => ['script', 'link', 'fetch', 'xmlhttprequest'].includes(e.initiatorType))
          .map((e) => `${new URL(e.name).pathname.split('/').pop()} ${at(e.startTime)}–${at(e.responseEnd)}`);
        return [`page ${at(nav?.responseEnd ?? 0)}`, `DOM ${at(nav?.domContentLoadedEventEnd ?? 0)}`, ...files];
      }),
      ...(await summarise(cdp, visit, gzipOf)),
      answeredByWorker: visit.filter((r) => r.fromWorker).length,
      workerRequests: workers.state.records.slice(workerFrom).filter((r) => !r.fromCache && !r.failed).length,
      // What went to the network: the page's own requests and the worker's.
      requestUrls: [
        ...visit.filter((r) => !r.fromCache && !r.failed && !r.fromWorker).map((r) => r.url),
        ...workers.state.records.slice(workerFrom).filter((r) => !r.fromCache && !r.failed).map((r) => `${r.url} (worker)`),
      ],
    };

    debug(baseUrl, 'returning', kitList);
    // Offline: the page and every worker (Playwright's own setOffline would lift this page's throttling afterwards).
    await cdp.send('Network.emulateNetworkConditions', OFFLINE);
    debug(baseUrl, 'page offline');
    await workers.setOffline(true);
    debug(baseUrl, 'workers offline');
    const offline = { kitList: null, banner: false, lastKnown: false, error: null };
    try {
      await page.goto(url, { waitUntil: 'commit', timeout: 30_000 });
      debug(baseUrl, 'offline visit committed');
      offline.kitList = await waitForMark(page, 'kitList', 20_000).then(Math.round, () => null);
      const seen = await marksSoFar(page).catch(() => ({}));
      offline.banner = seen.offlineBanner !== undefined;
      offline.lastKnown = seen.lastKnown !== undefined;
    } catch (error) {
      // Chromium's own offline page: nothing of the app (an app without a worker).
      offline.error = error.message.split('\n')[0];
    }
    debug(baseUrl, 'offline', JSON.stringify(offline));
    return { install, returning, offline };
  } finally {
    await workers.setOffline(false);
    await context.close();
  }
}

/** In the page: the next click's time (performance.now()'s clock: the event's timeStamp), whatever is clicked. */
function armClickTime() {
  document.addEventListener('click', (event) => (window.__benchClickAt = event.timeStamp), { capture: true, once: true });
}

/**
 * Clicks a link as a customer taps it: opens the navbar's menu first when a narrow screen folds the link into it,
 * then points at the link and clicks (Playwright's click: pointer over it, press, release). Resolves with the click's
 * time in the page.
 */
async function clickLink(page, selector) {
  const link = page.locator(selector).first();
  if (!(await link.isVisible())) {
    const menu = page.locator('nav[aria-label="Main"] button[aria-expanded="false"]');
    if (await menu.count()) await menu.first().click({ timeout: 15_000 });
    await link.waitFor({ state: 'visible', timeout: 10_000 });
  }
  await page.evaluate(() => delete window.__benchClickAt);
  await page.evaluate(armClickTime);
  await link.click({ timeout: 15_000 });
  return page.waitForFunction(() => window.__benchClickAt ?? false, undefined, { timeout: 10_000 }).then((h) => h.jsonValue());
}

/** Page-side: /home with its kit list on screen (after a switch back to it). */
const homeWithKits = () =>
  location.pathname === '/home' && !!document.querySelector('ul[aria-label="Your kits"] li')?.checkVisibility();

/**
 * What a customer's phone fetches on /home once it is usable, and the area switches after it. A first visit to
 * /home signed in (service workers allowed, `saveData` as the browser says it: the portal reads
 * `navigator.connection.saveData`, which an init script sets as e2e/support/fixtures.ts does): its kit list, then 6 s
 * (the idle prefetch's own deadline is 5 s after the first screen is usable) and until the network is quiet; every
 * request of the visit so far, the page's and its worker's, is returned for the caller to count. Then, with `switches`,
 * from /home each time: a click on the navbar's Billing and Profile links and on the first kit's dashboard link, each
 * timed from the click to the frame that shows the new page's heading (a switch back to /home by the navbar between).
 * @returns {Promise<{kitListMs: number, idle: {page: object[], worker: object[]}, steps: object[]}>} kitListMs: the
 *   first visit's kit list (see paintProbe)
 */
export async function measureIdleAndSwitches(browser, workers, { baseUrl, storage, saveData, switches = [], gzipOf }) {
  const context = await newContext(browser, { serviceWorkers: 'allow' });
  if (saveData) await context.addInitScript(saysSaveData);
  await seedStorage(context, baseUrl, storage);
  const page = await context.newPage();
  const { cdp, state } = await instrument(context, page);
  const workerFrom = workers.state.records.length;
  try {
    await page.goto(`${baseUrl}/home`, { waitUntil: 'commit' });
    const kitListMs = Math.round(await waitForMark(page, 'kitList'));
    await sleep(6_000);
    await networkQuiet(state, 800, 15_000, workers);
    const idle = { page: [...state.records], worker: workers.state.records.slice(workerFrom) };
    const steps = [];
    for (const { path: target, link } of switches) {
      if (!(await page.evaluate(homeWithKits))) {
        debug(baseUrl, 'back to /home');
        await clickLink(page, 'nav[aria-label="Main"] a[href="/home"]');
        await waitForScreen(page, homeWithKits);
        await networkQuiet(state, 800, 15_000, workers);
      }
      const from = state.records.length;
      const workerFrom = workers.state.records.length;
      await page.evaluate(() => {
        const element = document.querySelector('main h1');
        window.__benchPreviousHeading = { element, text: element?.textContent };
      });
      debug(baseUrl, 'switch to', target);
      const clickedAt = await clickLink(page, link);
      const shown = await waitForScreen(page, screens.newHeading, target).catch(() => null);
      await networkQuiet(state, 800, 15_000, workers);
      const step = state.records.slice(from);
      steps.push({
        path: target,
        visibleMs: shown === null ? null : Math.round(shown - clickedAt),
        ...(await summarise(cdp, step, gzipOf)),
        // What the switch sent to the network (the page's requests, then the worker's).
        requestUrls: [
          ...step.filter((r) => !r.fromCache && !r.failed && !r.fromWorker).map((r) => r.url),
          ...workers.state.records.slice(workerFrom).filter((r) => !r.fromCache && !r.failed).map((r) => `${r.url} (worker)`),
        ],
      });
    }
    return { kitListMs, idle, steps };
  } finally {
    await context.close();
  }
}

/** In the page, before its scripts: the connection's Save-Data flag is on (e2e/support/fixtures.ts's `saysSaveData`). */
function saysSaveData() {
  const connection = navigator.connection;
  if (connection) Object.defineProperty(connection, 'saveData', { get: () => true, configurable: true });
  else Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
}
