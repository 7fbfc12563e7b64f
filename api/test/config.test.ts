import { ConfigError, loadConfig } from '../src/config';

describe('TRUST_PROXY', () => {
  it('is off unless set, and lists the proxies it names', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });

  it.each(['true', '*', '1'])('refuses %s, which would believe any client', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
  });
});
