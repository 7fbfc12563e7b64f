/**
 * sessionStorage access that never throws. Used only for this tab's UI memory (a dismissed dialog):
 * the spec fixes the localStorage keys, so nothing of ours goes there.
 */
export function readSessionFlag(key: string): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSessionFlag(key: string, value: string | null): void {
  try {
    if (typeof sessionStorage === 'undefined') return;
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage disabled: the dialog simply may show again after a reload.
  }
}
