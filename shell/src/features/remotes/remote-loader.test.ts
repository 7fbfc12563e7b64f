import { waitFor } from '@testing-library/react';
import type { RuntimeConfig } from 'shared-api';
import { HttpResponse, rest, server } from 'shared-api/testing';

// The federation runtime is the boundary here: what matters is how often the shell asks it, and for what. The remotes'
// own files (their listing, a chunk asked about after a failure) are answered over HTTP by msw.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: () => undefined,
}));

const KITS = 'http://localhost:3002';
const BILLING = 'http://localhost:3003';
const page = { default: () => null };

/** A page as the serving process writes it: each remote's versioned entry named in the configuration. */
async function freshPage(remoteEntries: Record<string, string> = {}, releases: RuntimeConfig['releases'] = {}) {
  // A fresh registry rather than an isolated one: the loader imports its recovery module only once a load has failed,
  // and that module must meet this page's loader, not another copy of it.
  jest.resetModules();
  const runtime = await import('@module-federation/enhanced/runtime');
  const api = await import('shared-api');
  api.setRuntimeConfig({ remoteEntries, releases });
  const loader = await import('./remote-loader');
  loader.registerPortalRemotes();
  return { ...loader, runtimeLoad: jest.mocked(runtime.loadRemote), runtimeRegister: jest.mocked(runtime.registerRemotes) };
}

/** The remote's listing (its entry, and the files of its pages), and how often it was asked for. */
function listing(origin: string, entry: string | null, exposes: Record<string, string[]> = {}) {
  const asked: string[] = [];
  server.use(
    rest.get(`${origin}/expose-chunks.json`, ({ request }) => {
      asked.push(request.url);
      return entry === null ? new HttpResponse(null, { status: 404 }) : HttpResponse.json({ entry, exposes });
    }),
  );
  return asked;
}

/** How the remote's server answers for one file now. */
function file(url: string, status: number | 'unreachable') {
  server.use(rest.head(url, () => (status === 'unreachable' ? HttpResponse.error() : new HttpResponse(null, { status }))));
}

function chunkFailure(url: string) {
  return Object.assign(new Error(`Loading chunk 684 failed.\n(error: ${url})`), { name: 'ChunkLoadError', type: 'error', request: url });
}

const entryFailure = (url: string) =>
  new Error(`[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008 args: {"resourceUrl":"${url}"}`);

/** Time passes: a listing read or named a while ago no longer answers for a new navigation. */
function elapse(ms: number) {
  const later = performance.now() + ms;
  jest.spyOn(performance, 'now').mockReturnValue(later);
}

// A remote whose listing a test does not set has none: a page that named no build of it reads it and finds none.
beforeEach(() => {
  for (const port of [3001, 3002, 3003, 3004]) listing(`http://localhost:${port}`, null);
});
afterEach(() => jest.restoreAllMocks());

describe('loading an area', () => {
  it('joins the load the first screen started early, without reading any listing: the page named the build', async () => {
    const { loadRemoteModule, startLoadingRemoteModule, runtimeLoad } = await freshPage({ kits: `${KITS}/remoteEntry.aaaa1111.js` });
    runtimeLoad.mockResolvedValue(page);
    startLoadingRemoteModule('kits', './home');
    await expect(loadRemoteModule('kits', './home', 'first')).resolves.toBe(page);
    expect(runtimeLoad).toHaveBeenCalledTimes(1);
    expect(runtimeLoad).toHaveBeenCalledWith('kits/home');
  });

  it('keeps an early load that failed quiet until a screen asks for that page', async () => {
    const { startLoadingRemoteModule, runtimeLoad } = await freshPage();
    runtimeLoad.mockRejectedValueOnce(new Error('boom'));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    startLoadingRemoteModule('profile', './profile');
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('on a later navigation, reads the live listing once and keeps the registered build when it is still live', async () => {
    const entry = `${KITS}/remoteEntry.aaaa1111.js`;
    const { loadRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({ kits: entry });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    const asked = listing(KITS, 'remoteEntry.aaaa1111.js');
    elapse(10_000);

    await loadRemoteModule('kits', './dashboard', 'second');
    await loadRemoteModule('kits', './home');
    await loadRemoteModule('kits', './dashboard', 'second');
    expect(asked).toHaveLength(1);
    expect(runtimeRegister).toHaveBeenCalledTimes(1); // the page's own registration only
  });

  it('loads an area the page named no build of once: its configured entry is the build its listing names then', async () => {
    // The server could not read billing's listing in time: the page registered the no-cache remoteEntry.js.
    const { loadRemoteModule, startLoadingRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({
      kits: `${KITS}/remoteEntry.aaaa1111.js`,
    });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    const asked = listing(BILLING, 'remoteEntry.cccc3333.js');
    // A pointer on the Billing link, then the tap seconds later: a navigation of its own, which reads the listing.
    startLoadingRemoteModule('billing', './billing');
    await waitFor(() => expect(asked).toHaveLength(1));
    elapse(10_000);

    await expect(loadRemoteModule('billing', './billing', 'second')).resolves.toBe(page);
    expect(asked).toHaveLength(2);
    expect(runtimeRegister).toHaveBeenCalledTimes(1); // the page's own registration only
  });

  it('starts an area the page named no build of from its configured entry, even once the listing names the build', async () => {
    const { loadRemoteModule, startLoadingRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({
      kits: `${KITS}/remoteEntry.aaaa1111.js`,
    });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    const asked = listing(BILLING, 'remoteEntry.cccc3333.js');
    // A pointer on the Billing link long after the page loaded: its listing is read, naming the live build.
    elapse(10_000);
    startLoadingRemoteModule('billing', './billing', { intent: true });
    await waitFor(() => expect(runtimeLoad).toHaveBeenCalledWith('billing/billing'));
    expect(asked).toHaveLength(1);
    // The configured, no-cache entry (already downloading) is that build: it is not fetched again under its other name.
    expect(runtimeRegister).toHaveBeenCalledTimes(1);
    elapse(10_000);
    await expect(loadRemoteModule('billing', './billing', 'second')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenCalledTimes(1);
  });

  it('learns the build of an area started from its configured entry even when its listing answers slowly', async () => {
    const { loadRemoteModule, startLoadingRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({
      kits: `${KITS}/remoteEntry.aaaa1111.js`,
    });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    // A loaded machine: the listing read beside the configured entry takes longer than a check may wait.
    let reads = 0;
    server.use(
      rest.get(`${BILLING}/expose-chunks.json`, async () => {
        reads += 1;
        if (reads === 1) await new Promise((resolve) => setTimeout(resolve, 2_500));
        return HttpResponse.json({ entry: 'remoteEntry.cccc3333.js', exposes: {} });
      }),
    );
    startLoadingRemoteModule('billing', './billing');
    await waitFor(() => expect(runtimeLoad).toHaveBeenCalledWith('billing/billing'));
    await new Promise((resolve) => setTimeout(resolve, 2_700));
    elapse(10_000);

    await expect(loadRemoteModule('billing', './billing', 'second')).resolves.toBe(page);
    expect(reads).toBe(2);
    expect(runtimeRegister).toHaveBeenCalledTimes(1); // the running area is not loaded again under its versioned name
  });

  it('follows a remote redeployed (or rolled back) since the page loaded, before loading its area', async () => {
    const { loadRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({ kits: `${KITS}/remoteEntry.aaaa1111.js` });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    (globalThis as Record<string, unknown>).webpackChunkkits = [[['old'], {}]];
    listing(KITS, 'remoteEntry.bbbb2222.js');
    elapse(10_000);

    await expect(loadRemoteModule('kits', './home', 'second')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: `${KITS}/remoteEntry.bbbb2222.js` }], { force: true });
    // The new container must not adopt the old build's chunks.
    expect(globalThis).not.toHaveProperty('webpackChunkkits');
    expect(runtimeLoad).toHaveBeenCalledTimes(2);
  });

  it('asks once more at once when a page chunk failed but is there now (a failed preload handed back)', async () => {
    const { loadRemoteModule, runtimeLoad, runtimeRegister } = await freshPage();
    const chunk = `${KITS}/684.0123abcd.js`;
    file(chunk, 200);
    runtimeLoad.mockRejectedValueOnce(chunkFailure(chunk)).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('kits', './home', 'first')).resolves.toBe(page);
    expect(runtimeLoad).toHaveBeenCalledTimes(2);
    // The area's entry loaded fine: it is not registered (fetched) again for a chunk.
    expect(runtimeRegister).toHaveBeenCalledTimes(1);
  });

  it('when an old chunk answers 404, loads the no-cache remoteEntry.js, reading no listing twice in a navigation', async () => {
    const { loadRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({ kits: `${KITS}/remoteEntry.aaaa1111.js` });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './dashboard', 'first');
    // A cache in front of the remote still answers with the build that was redeployed.
    const asked = listing(KITS, 'remoteEntry.aaaa1111.js');
    const chunk = `${KITS}/__federation_expose_home.0123abcd.js`;
    file(chunk, 404);
    elapse(10_000);

    runtimeLoad.mockRejectedValueOnce(chunkFailure(chunk)).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('kits', './home', 'second')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: `${KITS}/remoteEntry.js` }], { force: true });
    expect(asked).toHaveLength(1);
  });

  it('says a new version is available when even the live build cannot be loaded in place, never "offline"', async () => {
    const { loadRemoteModule, runtimeLoad, areaFailureOf } = await freshPage({ kits: `${KITS}/remoteEntry.aaaa1111.js` });
    const chunk = `${KITS}/__federation_expose_dashboard.0123abcd.js`;
    file(chunk, 404);
    runtimeLoad.mockRejectedValue(chunkFailure(chunk));
    const failure = await loadRemoteModule('kits', './dashboard', 'first').catch(areaFailureOf);
    expect(failure).toBe('outdated');
    expect(runtimeLoad).toHaveBeenCalledTimes(2);
  });

  it('follows a chunk that answers 404 even where the browser calls itself offline (a machine with only loopback)', async () => {
    const { loadRemoteModule, runtimeLoad, runtimeRegister, areaFailureOf } = await freshPage({ kits: `${KITS}/remoteEntry.aaaa1111.js` });
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const chunk = `${KITS}/__federation_expose_home.0123abcd.js`;
    file(chunk, 404);
    runtimeLoad.mockRejectedValueOnce(chunkFailure(chunk)).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('kits', './home', 'first')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: `${KITS}/remoteEntry.js` }], { force: true });

    runtimeLoad.mockRejectedValue(chunkFailure(chunk));
    await expect(loadRemoteModule('kits', './home', 'first').catch(areaFailureOf)).resolves.toBe('outdated');
  });

  it('replaces a versioned entry that is gone by the configured one, at once', async () => {
    const versioned = `${BILLING}/remoteEntry.0123abcd.js`;
    const { loadRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({ billing: versioned });
    expect(runtimeRegister).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'billing', entry: versioned }]));
    file(versioned, 404);
    runtimeLoad.mockRejectedValueOnce(entryFailure(versioned)).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('billing', './billing', 'first')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'billing', entry: `${BILLING}/remoteEntry.js` }], { force: true });
  });

  it("reports a remote that cannot be reached as its server's failure, and Retry fetches it from a fresh registration", async () => {
    const { loadRemoteModule, runtimeLoad, runtimeRegister, areaFailureOf } = await freshPage();
    const entry = `${BILLING}/remoteEntry.js`;
    file(entry, 'unreachable');
    runtimeLoad.mockRejectedValueOnce(entryFailure(entry));
    await expect(loadRemoteModule('billing', './billing', 'first').catch(areaFailureOf)).resolves.toBe('unreachable');
    expect(runtimeLoad).toHaveBeenCalledTimes(1);

    listing(BILLING, null);
    runtimeLoad.mockResolvedValueOnce(page);
    await expect(loadRemoteModule('billing', './billing', 'first')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'billing', entry }], { force: true });
  });

  it('reports an area whose code throws as a failure to retry, not as the connection', async () => {
    const { loadRemoteModule, runtimeLoad, areaFailureOf } = await freshPage();
    runtimeLoad.mockRejectedValueOnce(new TypeError("Cannot read properties of undefined (reading 'map')"));
    await expect(loadRemoteModule('profile', './profile', 'first').catch(areaFailureOf)).resolves.toBe('failed');
  });

  it.each([
    [true, 'unreachable'],
    [false, 'offline'],
  ] as const)('reports a page chunk that cannot be fetched, nor asked about, with the browser online: %s, as %s', async (online, failure) => {
    const { loadRemoteModule, runtimeLoad, areaFailureOf } = await freshPage();
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    const chunk = `${KITS}/684.0123abcd.js`;
    file(chunk, 'unreachable');
    runtimeLoad.mockRejectedValueOnce(chunkFailure(chunk));
    await expect(loadRemoteModule('kits', './home', 'first').catch(areaFailureOf)).resolves.toBe(failure);
    expect(runtimeLoad).toHaveBeenCalledTimes(1);
  });

  it.each([
    [true, 'portal-unreachable'],
    [false, 'offline'],
  ] as const)("when the shell's own code that tells failures apart cannot be fetched either, with the browser online: %s, reports %s", async (online, failure) => {
    const { loadRemoteModule, runtimeLoad, areaFailureOf } = await freshPage();
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    jest.doMock('./remote-recovery', () => {
      throw Object.assign(new Error('Loading chunk remote-recovery failed.'), { name: 'ChunkLoadError' });
    });
    runtimeLoad.mockRejectedValueOnce(new TypeError("Cannot read properties of undefined (reading 'map')"));
    await expect(loadRemoteModule('profile', './profile', 'first').catch(areaFailureOf)).resolves.toBe(failure);
    jest.dontMock('./remote-recovery');
  });

  it('reports a file missing from the live release as such, not as a new version a reload would bring', async () => {
    const entry = `${KITS}/remoteEntry.aaaa1111.js`;
    const { loadRemoteModule, runtimeLoad, areaFailureOf } = await freshPage({ kits: entry });
    const chunk = `${KITS}/__federation_expose_dashboard.0123abcd.js`;
    listing(KITS, 'remoteEntry.aaaa1111.js', { './dashboard': ['__federation_expose_dashboard.0123abcd.js'] });
    file(chunk, 404);
    file(entry, 200);
    runtimeLoad.mockRejectedValue(chunkFailure(chunk));

    await expect(loadRemoteModule('kits', './dashboard', 'first').catch(areaFailureOf)).resolves.toBe('incomplete');
  });

  it('still says a new version is available when the listing that names the missing file is a stale copy (its entry is gone)', async () => {
    const entry = `${KITS}/remoteEntry.aaaa1111.js`;
    const { loadRemoteModule, runtimeLoad, areaFailureOf } = await freshPage({ kits: entry });
    const chunk = `${KITS}/__federation_expose_dashboard.0123abcd.js`;
    listing(KITS, 'remoteEntry.aaaa1111.js', { './dashboard': ['__federation_expose_dashboard.0123abcd.js'] });
    file(chunk, 404);
    file(entry, 404);
    runtimeLoad.mockRejectedValue(chunkFailure(chunk));

    await expect(loadRemoteModule('kits', './dashboard', 'first').catch(areaFailureOf)).resolves.toBe('outdated');
  });
});

describe('every navigation reaches the live release', () => {
  it('a pointer on a link (or a finger, or focus) reads the live listing, not the one the page was served with, and the tap joins that load', async () => {
    const { loadRemoteModule, startLoadingRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({
      kits: `${KITS}/remoteEntry.aaaa1111.js`,
      billing: `${BILLING}/remoteEntry.bbbb2222.js`,
    });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    // Billing was released after the page was served; the customer has been reading their home page since.
    const asked = listing(BILLING, 'remoteEntry.cccc3333.js');
    elapse(60_000);

    startLoadingRemoteModule('billing', './billing', { intent: true });
    await expect(loadRemoteModule('billing', './billing', 'second')).resolves.toBe(page);

    expect(asked).toHaveLength(1);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'billing', entry: `${BILLING}/remoteEntry.cccc3333.js` }], { force: true });
    expect(runtimeLoad).toHaveBeenCalledTimes(2); // kits, then billing once: the tap joined the pointer's load
  });

  it("an intent right after the page loaded uses the page's own listing", async () => {
    const { startLoadingRemoteModule, loadRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({
      billing: `${BILLING}/remoteEntry.bbbb2222.js`,
    });
    runtimeLoad.mockResolvedValue(page);
    const asked = listing(BILLING, 'remoteEntry.bbbb2222.js');

    startLoadingRemoteModule('billing', './billing', { intent: true });
    await expect(loadRemoteModule('billing', './billing', 'first')).resolves.toBe(page);

    expect(asked).toHaveLength(0);
    expect(runtimeRegister).toHaveBeenCalledTimes(1); // the page's own registration only
  });

  it('a rollback a second after a navigation reaches the next one: no navigation shares another navigation\'s read', async () => {
    const { loadRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({ kits: `${KITS}/remoteEntry.aaaa1111.js` });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    elapse(10_000);
    listing(KITS, 'remoteEntry.bbbb2222.js');
    await loadRemoteModule('kits', './dashboard', 'second');
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: `${KITS}/remoteEntry.bbbb2222.js` }], { force: true });

    // The team rolls back; the customer clicks back to Home a second later.
    const asked = listing(KITS, 'remoteEntry.aaaa1111.js');
    elapse(1_000);
    await loadRemoteModule('kits', './home', 'third');
    expect(asked).toHaveLength(1);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: `${KITS}/remoteEntry.aaaa1111.js` }], { force: true });
  });

  it('a pointer on a link a second after a navigation read the listing reads it again, so a rollback between them loads', async () => {
    const { loadRemoteModule, startLoadingRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({ kits: `${KITS}/remoteEntry.aaaa1111.js` });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    elapse(10_000);
    listing(KITS, 'remoteEntry.bbbb2222.js');
    await loadRemoteModule('kits', './dashboard', 'second');

    // Rolled back; a second later the pointer is on Home, and the click joins the load it started.
    const asked = listing(KITS, 'remoteEntry.aaaa1111.js');
    elapse(1_000);
    startLoadingRemoteModule('kits', './home', { intent: true });
    await loadRemoteModule('kits', './home', 'third');
    expect(asked).toHaveLength(1);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: `${KITS}/remoteEntry.aaaa1111.js` }], { force: true });
  });

  it("a pointer on a link after a navigation reads again, though a pointer read the listing a second before on the screen before", async () => {
    const { loadRemoteModule, startLoadingRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({
      kits: `${KITS}/remoteEntry.aaaa1111.js`,
      billing: `${BILLING}/remoteEntry.bbbb2222.js`,
    });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('billing', './billing', 'first');
    elapse(10_000);
    // Released: the pointer on Home, then the click.
    listing(KITS, 'remoteEntry.cccc3333.js');
    startLoadingRemoteModule('kits', './home', { intent: true });
    await loadRemoteModule('kits', './home', 'second');
    // Rolled back: within a second the customer goes to Billing and back to Home, by the pointer and a click each.
    const asked = listing(KITS, 'remoteEntry.aaaa1111.js');
    elapse(500);
    await loadRemoteModule('billing', './billing', 'third');
    startLoadingRemoteModule('kits', './home', { intent: true });
    await loadRemoteModule('kits', './home', 'fourth');

    expect(asked).toHaveLength(1);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: `${KITS}/remoteEntry.aaaa1111.js` }], { force: true });
  });

  it('a tap shares the read of the pointer that led to it, once its load is done, within seconds', async () => {
    const { loadRemoteModule, startLoadingRemoteModule, runtimeLoad } = await freshPage({
      kits: `${KITS}/remoteEntry.aaaa1111.js`,
      billing: `${BILLING}/remoteEntry.bbbb2222.js`,
    });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    const asked = listing(BILLING, 'remoteEntry.bbbb2222.js');
    elapse(60_000);
    startLoadingRemoteModule('billing', './billing', { intent: true });
    await waitFor(() => expect(runtimeLoad).toHaveBeenCalledWith('billing/billing'));
    elapse(1_000);

    await expect(loadRemoteModule('billing', './billing', 'second')).resolves.toBe(page);
    expect(asked).toHaveLength(1);
  });

  it('Retry after a rollback loads the live release, not the module of the release that failed', async () => {
    const { loadRemoteModule, forgetLiveBuild, runtimeLoad, runtimeRegister } = await freshPage({ kits: `${KITS}/remoteEntry.bbbb2222.js` });
    const broken = { default: () => null };
    runtimeLoad.mockResolvedValueOnce(broken).mockResolvedValueOnce(page);
    // The page loaded, then threw while rendering (the area's error boundary shows Retry); the team rolls back.
    await expect(loadRemoteModule('kits', './home', 'first')).resolves.toBe(broken);
    listing(KITS, 'remoteEntry.aaaa1111.js');

    forgetLiveBuild('kits');
    await expect(loadRemoteModule('kits', './home', 'first')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: `${KITS}/remoteEntry.aaaa1111.js` }], { force: true });
  });
});

describe('a canary', () => {
  const live = `${KITS}/remoteEntry.aaaa1111.js`;
  const canary = `${KITS}/remoteEntry.cccc9999.js`;
  const releases = { kits: { live: { id: 'aaaaaaaaaaaa', entry: live }, canary: { id: 'cccccccccccc', entry: canary, percent: 10 } } };
  const withShare = (share: number) => localStorage.setItem('portal_canary_share', String(share));
  afterEach(() => localStorage.clear());

  it('registers the canary build for a browser whose stable share is inside its percentage, the live one for the others', async () => {
    withShare(9);
    expect((await freshPage({ kits: live }, releases)).runtimeRegister).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'kits', entry: canary }]));
    withShare(10);
    expect((await freshPage({ kits: live }, releases)).runtimeRegister).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'kits', entry: live }]));
  });

  it('draws the share once and keeps it: the same browser gets the same build on every page', async () => {
    await freshPage({ kits: live }, releases);
    const share = localStorage.getItem('portal_canary_share');
    expect(Number(share)).toBeGreaterThanOrEqual(0);
    expect(Number(share)).toBeLessThan(100);
    await freshPage({ kits: live }, releases);
    expect(localStorage.getItem('portal_canary_share')).toBe(share);
  });

  it('keeps the canary on later navigations, and Retry after a failure loads the live build', async () => {
    withShare(0);
    const { loadRemoteModule, forgetLiveBuild, runtimeLoad, runtimeRegister } = await freshPage({ kits: live }, releases);
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    const asked = listing(KITS, 'remoteEntry.aaaa1111.js');
    elapse(10_000);

    await loadRemoteModule('kits', './dashboard', 'second');
    expect(asked).toHaveLength(0);
    expect(runtimeRegister).toHaveBeenCalledTimes(1);

    forgetLiveBuild('kits');
    await loadRemoteModule('kits', './home', 'third');
    expect(asked).toHaveLength(1);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: live }], { force: true });
  });
});
