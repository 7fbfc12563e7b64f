// The network of every service worker in the browser: throttled like the pages, taken offline with them, recorded.
//
// A page's `Network.emulateNetworkConditions` does not reach what its service worker fetches: the worker is a DevTools
// target of its own (in this Chromium a 100 kB file took 3.9 s fetched by a throttled page and 39 ms fetched for it by a
// pass-through worker). Playwright gives no session on a worker, so the browser's session attaches to each one
// (`Target.attachToTarget`, messages through `Target.sendMessageToTarget`) as soon as it appears, and sets the same
// conditions there.

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {object} throttled the conditions of `Network.emulateNetworkConditions` the pages get
 * @param {object} offline the same, with no network
 */
export async function workerNetwork(browser, throttled, offline) {
  const cdp = await browser.newBrowserCDPSession();
  /** targetId → sessionId (null while attaching). */
  const sessions = new Map();
  const replies = new Map();
  let nextId = 0;
  let conditions = throttled;
  // The same shape as a page's record (browser.mjs), so the same quiet check and counts apply.
  const state = { records: [], byId: new Map(), inflight: new Set(), lastActivity: Date.now() };

  // A worker that stopped (a failed registration's, one made redundant) may never answer: no wait beyond 5 s.
  const send = (sessionId, method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        replies.delete(id);
        reject(new Error(`${method}: no answer from the service worker`));
      }, 5_000);
      replies.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch((error) => {
        replies.delete(id);
        reject(error);
      });
    });

  const onEvent = (sessionId, method, params) => {
    const key = (requestId) => `${sessionId}:${requestId}`;
    if (method === 'Network.requestWillBeSent') {
      if (params.redirectResponse || params.request.url.startsWith('data:')) return;
      const rec = { id: key(params.requestId), url: params.request.url, method: params.request.method, type: params.type };
      state.records.push(rec);
      state.byId.set(rec.id, rec);
      state.inflight.add(rec.id);
      state.lastActivity = Date.now();
      return;
    }
    const rec = state.byId.get(key(params.requestId));
    if (!rec) return;
    if (method === 'Network.requestServedFromCache') rec.fromCache = true;
    else if (method === 'Network.responseReceived') {
      rec.status = params.response.status;
      if (params.response.fromDiskCache || params.response.fromPrefetchCache) rec.fromCache = true;
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      if (method === 'Network.loadingFailed') rec.failed = true;
      else rec.encoded = params.encodedDataLength;
      state.inflight.delete(rec.id);
      state.lastActivity = Date.now();
    }
  };

  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const m = JSON.parse(message);
    if (m.id !== undefined) {
      const reply = replies.get(m.id);
      replies.delete(m.id);
      if (m.error) reply?.reject(new Error(`${m.error.message}`));
      else reply?.resolve(m.result);
    } else if (m.method) onEvent(sessionId, m.method, m.params);
  });

  const attach = async ({ type, targetId }) => {
    if (type !== 'service_worker' || sessions.has(targetId)) return;
    sessions.set(targetId, null);
    try {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
      sessions.set(targetId, sessionId);
      await send(sessionId, 'Network.enable');
      await send(sessionId, 'Network.emulateNetworkConditions', conditions);
    } catch {
      // The worker went away while attaching (its context closed): nothing of it to throttle.
      sessions.delete(targetId);
    }
  };
  cdp.on('Target.targetCreated', ({ targetInfo }) => void attach(targetInfo));
  cdp.on('Target.targetInfoChanged', ({ targetInfo }) => void attach(targetInfo));
  cdp.on('Target.targetDestroyed', ({ targetId }) => sessions.delete(targetId));
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => {
    for (const [targetId, id] of sessions) if (id === sessionId) sessions.delete(targetId);
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });

  return {
    state,
    /** Every worker (and every one that starts from now on) with no network, or back on the throttled one. */
    async setOffline(isOffline) {
      conditions = isOffline ? offline : throttled;
      const live = [...sessions.values()].filter(Boolean);
      await Promise.all(live.map((sessionId) => send(sessionId, 'Network.emulateNetworkConditions', conditions).catch(() => undefined)));
    },
    /** How many workers are attached (and so throttled) now. */
    attached: () => [...sessions.values()].filter(Boolean).length,
    close: () => cdp.detach().catch(() => undefined),
  };
}
