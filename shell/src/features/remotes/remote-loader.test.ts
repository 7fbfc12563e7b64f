import type { RuntimeConfig } from 'shared-api';
import { HttpResponse, rest, server } from 'shared-api/testing';

// The federation runtime is the boundary here: what matters is how often the shell asks it, and for what. The
// pointer document and a file asked about after a failure are answered over HTTP by msw (an unhandled request fails).
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: () => undefined,
}));

const KITS = 'http://localhost:3002';
const BILLING = 'http://localhost:3003';
const page = { default: () => null };
const OLD = `${KITS}/remoteEntry.aaaa1111.js`;
const NEW = `${KITS}/remoteEntry.bbbb2222.js`;

/** A page as the site writer writes it: each remote's versioned entry in the configuration, its releases' version. */
async function freshPage(remoteEntries: Record<string, string> = {}, releases: RuntimeConfig['releases'] = {}) {
  // A fresh registry rather than an isolated one: the loader imports its recovery module only once a load has failed,
  // and that module must meet this page's loader, not another copy of it.
  jest.resetModules();
  document.head.innerHTML = '<meta name="portal-releases" content="v1 shell1">';
  const runtime = await import('@module-federation/enhanced/runtime');
  const api = await import('shared-api');
  api.setRuntimeConfig({ remoteEntries, releases });
  const loader = await import('./remote-loader');
  const watch = await import('./release-watch');
  const reload = jest.spyOn(watch.releaseWatch, 'reloadPage').mockImplementation(() => undefined);
  loader.registerPortalRemotes();
  return { ...loader, ...watch, reload, runtimeLoad: jest.mocked(runtime.loadRemote), runtimeRegister: jest.mocked(runtime.registerRemotes) };
}

/** The pointer document the site publishes now. */
function pointer(version: string, kits: { live: string; withdrawn?: string[] }) {
  server.use(
    rest.get('http://localhost/releases.json', () =>
      HttpResponse.json({
        version,
        shell: { live: 'shell1', withdrawn: [] },
        remotes: { kits: { live: kits.live, canary: null, withdrawn: kits.withdrawn ?? [] } },
      }),
    ),
  );
}

/** How the remote's server answers for one file now. */
function file(url: string, status: number | 'unreachable') {
  server.use(rest.head(url, () => (status === 'unreachable' ? HttpResponse.error() : new HttpResponse(null, { status }))));
}

const chunkFailure = (url: string) =>
  Object.assign(new Error(`Loading chunk 684 failed.\n(error: ${url})`), { name: 'ChunkLoadError', type: 'error', request: url });

const entryFailure = (url: string) =>
  new Error(`[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008 args: {"resourceUrl":"${url}"}`);

afterEach(() => jest.restoreAllMocks());

describe('loading an area', () => {
  it('joins the load the first screen started early', async () => {
    const { loadRemoteModule, startLoadingRemoteModule, runtimeLoad } = await freshPage({ kits: OLD });
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

  it("downloads a prefetched page without running it; the screen that asks runs it, and a failed prefetch stays quiet", async () => {
    const { fetchRemoteModule, loadRemoteModule, arrivedRemoteModule, runtimeLoad } = await freshPage({ kits: OLD });
    const factory = jest.fn(() => page);
    runtimeLoad.mockImplementation(async (_request, options) => (options?.loadFactory === false ? factory : factory()));
    fetchRemoteModule('billing', './billing');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runtimeLoad).toHaveBeenLastCalledWith('billing/billing', { loadFactory: false, from: 'runtime' });
    expect(factory).not.toHaveBeenCalled();
    expect(arrivedRemoteModule('billing', './billing')).toBeUndefined();
    await expect(loadRemoteModule('billing', './billing', 'first')).resolves.toBe(page);
    expect(factory).toHaveBeenCalledTimes(1);

    runtimeLoad.mockRejectedValueOnce(entryFailure(`${BILLING}/remoteEntry.js`));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    fetchRemoteModule('profile', './profile');
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('reads nothing on a navigation: the switch asks the runtime at once, with the build the page named', async () => {
    const { loadRemoteModule, runtimeLoad, runtimeRegister, reload } = await freshPage({ kits: OLD, billing: `${BILLING}/remoteEntry.cccc3333.js` });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    // No handler for the pointer or any listing: a request would fail the test.
    await loadRemoteModule('billing', './billing', 'second');
    await loadRemoteModule('kits', './dashboard', 'third');
    expect(runtimeLoad).toHaveBeenCalledTimes(3);
    expect(runtimeRegister).toHaveBeenCalledTimes(1); // the page's own registration only
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('a release the tab learnt of', () => {
  it('makes the next navigation a full page load, and stops loading code on intent or in idle time', async () => {
    const { loadRemoteModule, startLoadingRemoteModule, readPointer, runtimeLoad, reload } = await freshPage({ kits: OLD });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    pointer('v2', { live: NEW });
    await readPointer();

    startLoadingRemoteModule('billing', './billing');
    expect(runtimeLoad).toHaveBeenCalledTimes(1);
    void loadRemoteModule('kits', './dashboard', 'second');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(runtimeLoad).toHaveBeenCalledTimes(1);
  });

  it('changes nothing while the pointer names the releases the page was served with', async () => {
    const { loadRemoteModule, readPointer, runtimeLoad, reload } = await freshPage({ kits: OLD });
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './home', 'first');
    pointer('v1', { live: OLD });
    await readPointer();
    await loadRemoteModule('kits', './dashboard', 'second');
    expect(reload).not.toHaveBeenCalled();
  });

  it('never loads a withdrawn build: an area not running yet is registered with the live one first', async () => {
    const { loadRemoteModule, readPointer, runtimeLoad, runtimeRegister } = await freshPage({ kits: NEW });
    runtimeLoad.mockResolvedValue(page);
    pointer('v2', { live: OLD, withdrawn: [NEW] });
    await readPointer();
    // A module of the area asked for on this screen (another area's dialog), not a navigation.
    await loadRemoteModule('kits', './home');
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: OLD }], { force: true });
  });
});

describe('a load that fails', () => {
  it('whose versioned entry is gone loads the area from its live build', async () => {
    const { loadRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({ kits: OLD });
    pointer('v2', { live: NEW });
    file(OLD, 404);
    runtimeLoad.mockRejectedValueOnce(entryFailure(OLD)).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('kits', './home', 'first')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: NEW }], { force: true });
  });

  it('of a running build whose file is gone says a new version is available, or that the live release lacks it', async () => {
    const chunk = `${KITS}/__federation_expose_dashboard.0123abcd.js`;
    for (const [live, failure] of [
      [NEW, 'outdated'],
      [OLD, 'incomplete'],
    ] as const) {
      const { loadRemoteModule, runtimeLoad, areaFailureOf } = await freshPage({ kits: OLD });
      runtimeLoad.mockResolvedValueOnce(page).mockRejectedValueOnce(chunkFailure(chunk));
      await loadRemoteModule('kits', './home', 'first');
      pointer('v2', { live });
      file(chunk, 404);
      await expect(loadRemoteModule('kits', './dashboard', 'second').catch(areaFailureOf)).resolves.toBe(failure);
    }
  });

  it('with no answer says its server is not answering, and a file there now loads at once', async () => {
    const chunk = `${KITS}/__federation_expose_home.0123abcd.js`;
    const first = await freshPage({ kits: OLD });
    first.runtimeLoad.mockRejectedValueOnce(chunkFailure(chunk));
    file(chunk, 'unreachable');
    await expect(first.loadRemoteModule('kits', './home', 'first').catch(first.areaFailureOf)).resolves.toBe('unreachable');

    const second = await freshPage({ kits: OLD });
    second.runtimeLoad.mockRejectedValueOnce(chunkFailure(chunk)).mockResolvedValueOnce(page);
    file(chunk, 200);
    await expect(second.loadRemoteModule('kits', './home', 'first')).resolves.toBe(page);
  });

  it('whose entry failed is registered again on Retry, so the runtime fetches it again', async () => {
    const { loadRemoteModule, runtimeLoad, runtimeRegister } = await freshPage({ kits: OLD });
    file(OLD, 500);
    runtimeLoad.mockRejectedValueOnce(entryFailure(OLD)).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('kits', './home', 'first')).rejects.toThrow();
    await expect(loadRemoteModule('kits', './home', 'first')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'kits', entry: OLD }], { force: true });
  });
});

describe('a canary', () => {
  const live = OLD;
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
});
