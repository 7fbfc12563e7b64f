import { storageKeys } from './storage-keys';
import { sessionKindOf, storedSessionKindIn } from './prerender';

describe('sessionKindOf (which drawn page the shell hydrates, and the early script marks)', () => {
  it("is a customer's with a token and user data, nobody's with neither, and partial in between", () => {
    expect(sessionKindOf({ token: 't', user: { id: 1 } })).toBe('customer');
    expect(sessionKindOf({ token: null, user: null })).toBe('none');
    expect(sessionKindOf({ token: 't', user: null })).toBe('partial');
    expect(sessionKindOf({ token: null, user: { id: 1 } })).toBe('partial');
  });
});

describe('storedSessionKindIn (the early script, before the session store exists)', () => {
  const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

  it("reads the spec's keys, user data that does not parse counting as none", () => {
    expect(storedSessionKindIn(storage({}))).toBe('none');
    expect(storedSessionKindIn(storage({ [storageKeys.token]: 't', [storageKeys.userData]: '{"id":1}' }))).toBe('customer');
    expect(storedSessionKindIn(storage({ [storageKeys.token]: 't', [storageKeys.userData]: '{not json' }))).toBe('partial');
  });
});
