/**
 * Web storage access that never throws (private mode, quota, disabled storage). `local` holds the spec's keys;
 * `session` only this tab's UI memory (a dismissed dialog), since the spec fixes the localStorage keys.
 */
type Area = 'local' | 'session';

function storageOf(area: Area): Storage | null {
  // Reading the property itself throws where storage is disabled.
  const storage = area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  return storage ?? null;
}

export function readItem(key: string, area: Area = 'local'): string | null {
  try {
    return storageOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null, area: Area = 'local'): void {
  try {
    const storage = storageOf(area);
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage full or disabled: the in-memory state still works for this page.
  }
}

export function clearAll(): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.clear();
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
