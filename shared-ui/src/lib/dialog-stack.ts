import { useSyncExternalStore } from 'react';

export type DialogStackEntry = { id: number };

/**
 * Every open dialog in the page, oldest first. It lives in the shared `shared-ui` singleton, not beside the dialog
 * (`shared-ui/dialog`, which each area bundles), so dialogs from different areas (billing's Payment Details, the
 * profile's Email verification) share this one stack: the browser's top layer stacks and traps them, and this tells
 * the toast host which one is on top (without loading the dialog's code) and a closing dialog where focus goes.
 */
let stack: readonly DialogStackEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setStack(next: readonly DialogStackEntry[]) {
  stack = next;
  notifyListeners();
}

function notifyListeners() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Each open dialog's place for messages (see ToastHost), by dialog id. */
const toastSlots = new Map<number, HTMLElement>();

function topToastSlot(): HTMLElement | null {
  const top = stack[stack.length - 1];
  return (top && toastSlots.get(top.id)) ?? null;
}

/**
 * The last element that had focus. A button that turns busy (disabled) drops focus to the body just
 * before the dialog it caused opens (Activate, then Insufficient Funds); focus goes back to it.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  });
}

/** The page's one dialog stack, for `shared-ui/dialog`'s Dialog. */
export const dialogStack = {
  nextId: () => nextId++,
  subscribe,
  get: () => stack,
  push(id: number) {
    setStack([...stack, { id }]);
  },
  remove(id: number) {
    setStack(stack.filter((entry) => entry.id !== id));
  },
  /** Sets (or, with null, removes) where dialog `id` shows messages. */
  setToastSlot(id: number, slot: HTMLElement | null) {
    if (slot) toastSlots.set(id, slot);
    else toastSlots.delete(id);
    notifyListeners();
  },
  /** What had focus when a dialog opens, to give it back on close. */
  currentOpener(): HTMLElement | null {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body) return active;
    return lastFocused?.isConnected ? lastFocused : null;
  },
};

/** Where messages go while a dialog is open: the top-most dialog's own place for them, else null (the page's). */
export function useTopDialogToastSlot(): HTMLElement | null {
  return useSyncExternalStore(subscribe, topToastSlot, () => null);
}
