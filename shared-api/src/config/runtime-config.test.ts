import { defaultRuntimeConfig, parseRuntimeConfig } from './runtime-config';

describe('runtime config', () => {
  it('keeps valid fields and falls back field by field', () => {
    const config = parseRuntimeConfig({ apiBaseUrl: 'https://api.example.ng/', remotes: { kits: 'https://kits.example.ng/mf-manifest.json' }, bank: { bankName: 'GTBank' } });
    expect(config.apiBaseUrl).toBe('https://api.example.ng');
    expect(config.remotes.kits).toBe('https://kits.example.ng/mf-manifest.json');
    expect(config.remotes.auth).toBe(defaultRuntimeConfig.remotes.auth);
    expect(config.bank).toEqual({ ...defaultRuntimeConfig.bank, bankName: 'GTBank' });
  });

  it('reads "/" as the API on the page\'s own origin (a portal server that forwards /api/)', () => {
    expect(parseRuntimeConfig({ apiBaseUrl: '/' }).apiBaseUrl).toBe(window.location.origin);
  });

  it('keeps a versioned entry only as an absolute http(s) script URL, per remote', () => {
    const config = parseRuntimeConfig({
      remoteEntries: {
        kits: 'http://localhost:3002/remoteEntry.9a46c5bb.js',
        billing: 'javascript:alert(1)//.js',
        profile: 'remoteEntry.1234abcd.js',
        auth: 'https://auth.example.ng/mf-manifest.json',
        shop: 'https://shop.example.ng/remoteEntry.js',
      },
    });
    expect(config.remoteEntries).toEqual({ kits: 'http://localhost:3002/remoteEntry.9a46c5bb.js' });
    expect(parseRuntimeConfig({ remoteEntries: ['x'] }).remoteEntries).toEqual({});
  });

  it('takes any other remote the configuration names (a new area), with its versioned entry, and the live routes', () => {
    const route = { path: '/shop', remote: 'shop', module: './shop', areaLabel: 'Shop', access: 'customer', chat: true };
    const config = parseRuntimeConfig({
      remotes: { shop: 'https://shop.example.ng/mf-manifest.json', 'bad name!': 'https://x.example.ng/' },
      remoteEntries: { shop: 'https://shop.example.ng/remoteEntry.1234abcd.js' },
      routes: [route, { path: '/nope' }],
    });
    expect(config.remotes).toEqual({ ...defaultRuntimeConfig.remotes, shop: 'https://shop.example.ng/mf-manifest.json' });
    expect(config.remoteEntries).toEqual({ shop: 'https://shop.example.ng/remoteEntry.1234abcd.js' });
    expect(config.routes).toEqual([route]);
  });

  it('keeps each remote\'s live release and canary only with a release id, a script URL and a percentage from 1 to 99', () => {
    const live = { id: 'aaaaaaaaaaaa', entry: 'http://localhost:3002/remoteEntry.aaaa1111.js' };
    const canary = { id: 'cccccccccccc', entry: 'http://localhost:3002/remoteEntry.cccc2222.js' };
    const config = parseRuntimeConfig({
      releases: {
        kits: { live, canary: { ...canary, percent: 10 } },
        billing: { live, canary: { ...canary, percent: 100 } },
        profile: { live: { id: 'latest', entry: live.entry } },
        auth: { live: { ...live, entry: 'javascript:alert(1)//.js' } },
      },
    });
    expect(config.releases).toEqual({ kits: { live, canary: { ...canary, percent: 10 } }, billing: { live } });
    expect(parseRuntimeConfig({}).releases).toEqual({});
  });

  it('ignores garbage', () => {
    expect(parseRuntimeConfig('nope')).toEqual(defaultRuntimeConfig);
    expect(parseRuntimeConfig({ apiBaseUrl: 42, chatUrl: '' })).toEqual(defaultRuntimeConfig);
  });
});
