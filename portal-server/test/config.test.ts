import { earlyInputScriptSource } from '../src/lib/early-input';
import {
  apiProxyFromEnv,
  configFromEnv,
  contentSecurityPolicy,
  placeholderSettings,
  placeholderWarning,
} from '../src/lib/config';

it('start-up names every customer-facing setting still on its demo value, and says nothing once all are set', () => {
  expect(placeholderSettings({})).toEqual([
    'PORTAL_BANK_NAME',
    'PORTAL_BANK_ACCOUNT_NUMBER',
    'PORTAL_BANK_ACCOUNT_NAME',
    'PORTAL_CHAT_URL',
  ]);
  const configured = {
    PORTAL_BANK_NAME: 'Zenith Bank',
    PORTAL_BANK_ACCOUNT_NUMBER: '1012345678',
    PORTAL_BANK_ACCOUNT_NAME: 'Kits Reseller Ltd',
    PORTAL_CHAT_URL: 'https://wa.me/2348012345678',
  };
  expect(placeholderWarning({ ...configured, PORTAL_BANK_ACCOUNT_NUMBER: '' })).toContain('PORTAL_BANK_ACCOUNT_NUMBER');
  expect(placeholderWarning({ ...configured, PORTAL_BANK_ACCOUNT_NUMBER: '' })).not.toContain('PORTAL_BANK_NAME');
  expect(placeholderWarning(configured)).toBeNull();
});

it('the remotes default to the ports after the shell, and each can be pointed elsewhere', () => {
  const config = configFromEnv({ PORTAL_KITS_URL: 'https://kits.example.com/mf-manifest.json' }, { basePort: 5000 });
  expect(config.remotes).toEqual({
    auth: 'http://localhost:5001/mf-manifest.json',
    kits: 'https://kits.example.com/mf-manifest.json',
    billing: 'http://localhost:5003/mf-manifest.json',
    profile: 'http://localhost:5004/mf-manifest.json',
    operator: 'http://localhost:5005/mf-manifest.json',
  });
  expect(config.apiBaseUrl).toBe('http://localhost:4000');
});

it("with the same-origin API the browser is given the page's own origin and the server the API's", () => {
  const env = { PORTAL_API_SAME_ORIGIN: '1', PORTAL_API_URL: 'http://api.internal:4000' };
  expect(configFromEnv(env).apiBaseUrl).toBe('/');
  expect(apiProxyFromEnv(env)).toBe('http://api.internal:4000');
  expect(apiProxyFromEnv({ PORTAL_API_URL: 'http://api.internal:4000' })).toBeNull();
});

it('the security policy names each remote and API origin once, and nothing else', () => {
  const csp = contentSecurityPolicy({
    apiBaseUrl: '/',
    remotes: {
      kits: 'https://a.example.com/mf-manifest.json',
      billing: 'https://a.example.com/billing/mf-manifest.json',
      bad: 'not a url',
    },
  });
  expect(csp).toContain(`script-src 'self' ${earlyInputScriptSource()} https://a.example.com;`);
  expect(csp).toContain("connect-src 'self' https://a.example.com;");
});

it('the default deployment allows exactly its remotes and API, and nothing can frame, rebase or run inline script but the early-input one', () => {
  const config = configFromEnv({ PORTAL_API_URL: 'http://localhost:4000' }, { basePort: 3000 });
  const directives = new Map(
    contentSecurityPolicy(config)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
  const remotes = [3001, 3002, 3003, 3004, 3005].map((port) => `http://localhost:${port}`);
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')?.sort()).toEqual(["'self'", earlyInputScriptSource(), ...remotes].sort());
  expect(directives.get('connect-src')?.sort()).toEqual(["'self'", ...remotes, 'http://localhost:4000'].sort());
  for (const name of ['object-src', 'base-uri', 'frame-ancestors']) expect(directives.get(name)).toEqual(["'none'"]);
  for (const [name, values] of directives) {
    if (name === 'style-src') continue; // styled-components injects <style> elements at run time
    expect([name, values.filter((v) => /unsafe|\*|https?:$/.test(v) || (v === 'data:' && name !== 'img-src'))]).toEqual(
      [name, []],
    );
  }
});

it('the serving code loads before the early-input script is built (`npm start` builds after loading it); a server needs it', async () => {
  await jest.isolateModulesAsync(async () => {
    jest.doMock('../src/lib/early-input-build', () => ({ earlyInputBuiltFile: '/nonexistent/early-input.js' }));
    const config = await import('../src/lib/config');
    expect(() => config.contentSecurityPolicy({ remotes: {}, apiBaseUrl: '' })).toThrow('/nonexistent/early-input.js is missing');
  });
});
