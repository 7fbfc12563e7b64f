import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { setRuntimeConfig } from 'shared-api';
import { loadRemoteModule, registerPortalRemotes, startLoadingRemoteModule } from './remote-loader';

// The federation runtime is the boundary here: what matters is how often the shell asks it, and for what.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: () => undefined,
}));
const runtimeLoad = jest.mocked(loadRemote);
const runtimeRegister = jest.mocked(registerRemotes);

beforeEach(() => {
  runtimeLoad.mockReset();
  runtimeRegister.mockReset();
});

describe('loadRemoteModule', () => {
  it('joins the load the first screen started early instead of asking the runtime twice', async () => {
    const page = { default: () => null };
    runtimeLoad.mockResolvedValue(page);
    startLoadingRemoteModule('kits', './home');
    await expect(loadRemoteModule('kits', './home')).resolves.toBe(page);
    expect(runtimeLoad).toHaveBeenCalledTimes(1);
    expect(runtimeLoad).toHaveBeenCalledWith('kits/home');
  });

  it('asks the runtime again once a load has settled (a Retry after the page threw while rendering)', async () => {
    const page = { default: () => null };
    runtimeLoad.mockResolvedValue(page);
    await loadRemoteModule('kits', './dashboard');
    await loadRemoteModule('kits', './dashboard');
    expect(runtimeLoad).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed load, so Retry fetches the remote again from a fresh registration', async () => {
    const page = { default: () => null };
    runtimeLoad.mockRejectedValueOnce(new Error('Loading script failed')).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('billing', './billing')).rejects.toThrow('Loading script failed');
    await expect(loadRemoteModule('billing', './billing')).resolves.toBe(page);
    expect(runtimeLoad).toHaveBeenCalledTimes(2);
    expect(runtimeRegister).toHaveBeenCalledWith([expect.objectContaining({ name: 'billing' })], { force: true });
  });

  it('keeps an early load that failed quiet until a screen asks for that page', async () => {
    runtimeLoad.mockRejectedValueOnce(new Error('offline'));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    startLoadingRemoteModule('profile', './profile');
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('asks once more at once when a page chunk failed to load, then reports it; the loaded entry is never fetched again for it', async () => {
    const chunkFailure = Object.assign(new Error('Loading chunk 684 failed.'), { name: 'ChunkLoadError' });
    const page = { default: () => null };
    runtimeLoad.mockRejectedValueOnce(chunkFailure).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('kits', './home')).resolves.toBe(page);

    runtimeLoad.mockRejectedValueOnce(chunkFailure).mockRejectedValueOnce(chunkFailure);
    await expect(loadRemoteModule('kits', './home')).rejects.toThrow('Loading chunk 684 failed.');
    expect(runtimeLoad).toHaveBeenCalledTimes(4);

    // The area's entry loaded fine: neither the retry nor the customer's Retry fetches it again.
    runtimeLoad.mockResolvedValueOnce(page);
    await expect(loadRemoteModule('kits', './home')).resolves.toBe(page);
    expect(runtimeRegister).not.toHaveBeenCalled();
  });

  it('does not ask again at once when the remote entry itself failed', async () => {
    runtimeLoad.mockRejectedValueOnce(new Error('Failed to load script resources. #RUNTIME-008'));
    await expect(loadRemoteModule('profile', './profile')).rejects.toThrow('#RUNTIME-008');
    expect(runtimeLoad).toHaveBeenCalledTimes(1);
  });

  it('registers the versioned entry the server named, and after it fails loads the configured one, at once', async () => {
    setRuntimeConfig({
      remotes: { ...setRuntimeConfig({}).remotes, billing: 'http://localhost:3003/mf-manifest.json' },
      remoteEntries: { billing: 'http://localhost:3003/remoteEntry.0123abcd.js' },
    });
    registerPortalRemotes();
    expect(runtimeRegister).toHaveBeenCalledWith(
      expect.arrayContaining([{ name: 'billing', entry: 'http://localhost:3003/remoteEntry.0123abcd.js' }]),
    );
    const page = { default: () => null };
    runtimeLoad.mockRejectedValueOnce(new Error('Failed to load script resources. #RUNTIME-008')).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('billing', './billing')).resolves.toBe(page);
    expect(runtimeRegister).toHaveBeenLastCalledWith([{ name: 'billing', entry: 'http://localhost:3003/remoteEntry.js' }], {
      force: true,
    });

    // The configured entry failing too is reported, not retried in a loop.
    runtimeLoad.mockReset();
    runtimeLoad.mockRejectedValue(new Error('Failed to load script resources. #RUNTIME-008'));
    await expect(loadRemoteModule('billing', './billing')).rejects.toThrow('#RUNTIME-008');
    expect(runtimeLoad).toHaveBeenCalledTimes(1);
  });
});
