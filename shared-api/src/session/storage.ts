/** localStorage access that never throws (private mode, quota, disabled storage). */
export function readItem(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (typeof localStorage === 'undefined') return;
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the in-memory session still works for this page.
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
