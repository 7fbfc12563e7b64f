import type { ToastOptions } from 'react-hot-toast';
import { firstUse } from 'shared-api';
import { dialogStack } from './dialog-stack';

type ToastModule = typeof import('react-hot-toast');
type Kind = 'success' | 'error';

/** A message the customer is shown: what `notify` queues while the toast library loads, or when it cannot. */
export interface Notification {
  key: number;
  kind: Kind;
  message: string;
  options?: ToastOptions;
  /** When it was raised (ms since the epoch), for `leaveScope`. */
  raisedAt?: number;
  /** The dialog on top when it was raised (0: the page), for `leaveDialog`. */
  scope?: number;
}

/**
 * What `ToastHost` renders: nothing until the library is in (no toast code on a first visit to /login), then the
 * library's Toaster; or, when the library could not be downloaded (offline), the waiting messages in a plain live
 * region, so a message such as "no connection" is never lost with the code that shows it. A retry keeps that
 * region up until it succeeds.
 */
export type ToastState =
  | { status: 'idle' }
  | { status: 'ready'; toast: ToastModule }
  | { status: 'failed'; pending: readonly Notification[] };

let state: ToastState = { status: 'idle' };
let pending: Notification[] = [];
let nextKey = 0;
const listeners = new Set<() => void>();
/** The library's ids of the toasts it may still show, by kind (a success dismisses the errors) and time raised. */
const shown = new Map<string, { kind: Kind; raisedAt: number; scope: number }>();
/**
 * How recently a message must have been raised to go along when the screen or the top dialog changes: it explains the
 * change ("kit added" as its dialog closes, "Funding process started" as Payment Details opens, the session's end
 * as /login opens). Anything older belonged to what the customer has left.
 */
export const SCOPE_GRACE_MS = 800;
/** While errors from a page the customer was taken away from are dropped (see `dismissAll`): the id still allowed. */
let hold: { allowed: string | undefined; release: () => void } | undefined;
const RELEASE_ON = ['pointerdown', 'keydown'] as const;

function setState(next: ToastState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastState(): ToastState {
  return state;
}

function show(toast: ToastModule, { kind, message, options, raisedAt = Date.now(), scope = 0 }: Notification) {
  shown.set(toast.default[kind](message, options), { kind, raisedAt, scope });
}

type Which = (id: string, kind: Kind, raisedAt: number, scope: number) => boolean;

function dismissShown(toast: ToastModule | undefined, which: Which) {
  for (const [id, { kind, raisedAt, scope }] of shown) {
    if (!which(id, kind, raisedAt, scope)) continue;
    toast?.default.dismiss(id);
    shown.delete(id);
  }
}

/**
 * Downloads the toast library (react-hot-toast and its styling, shared by every area) once. A failed download is
 * tried again by the next message; the messages it was carrying stay on screen in the fallback region.
 */
const toasts = firstUse(() =>
  import('react-hot-toast').then(
    (toast) => {
      const queued = pending;
      pending = [];
      queued.forEach((n) => show(toast, n));
      setState({ status: 'ready', toast });
      return toast;
    },
    (error: unknown) => {
      setState({ status: 'failed', pending });
      throw error;
    },
  ),
);
export const loadToasts = (): Promise<ToastModule> => toasts.load();

/** Starts the download without waiting for it, where a message is near (the customer's first touch of the page). */
export const warmToasts = (): void => toasts.warm();

function enqueue(kind: Kind, message: string, options?: ToastOptions) {
  if (kind === 'error' && hold && options?.id !== hold.allowed) return;
  const toast = state.status === 'ready' ? state.toast : undefined;
  // A success answers the errors before it (the payment went through after all): they go, so the two never show
  // side by side.
  if (kind === 'success') {
    dismissShown(toast, (_id, shownKind) => shownKind === 'error');
    pending = pending.filter((n) => n.kind !== 'error');
  }
  const raisedAt = Date.now();
  const scope = topDialog();
  if (toast) {
    show(toast, { key: nextKey++, kind, message, options, raisedAt, scope });
    return;
  }
  pending = [...pending, { key: nextKey++, kind, message, options, raisedAt, scope }];
  // A message with an id replaces its earlier copy, as the library would.
  if (options?.id) pending = pending.filter((n, i) => n.options?.id !== options.id || i === pending.length - 1);
  if (state.status === 'failed') setState({ status: 'failed', pending });
  warmToasts();
}

/**
 * Takes every message off the screen but the one with id `except`, for a customer the session's end takes to another
 * page: what the old page had to say no longer applies. Errors its requests still report are dropped until the
 * customer's next key or pointer press, as the page they land on (/login) says nothing before that.
 */
function dismissAll({ except }: { except?: string } = {}) {
  dismissShown(state.status === 'ready' ? state.toast : undefined, (id) => id !== except);
  pending = pending.filter((n) => except !== undefined && n.options?.id === except);
  if (state.status === 'failed') setState({ status: 'failed', pending });
  hold?.release();
  if (typeof document === 'undefined') return;
  const release = () => {
    RELEASE_ON.forEach((type) => document.removeEventListener(type, release, true));
    if (hold?.release === release) hold = undefined;
  };
  hold = { allowed: except, release };
  RELEASE_ON.forEach((type) => document.addEventListener(type, release, true));
}

/**
 * The customer left the screen or the dialog the messages on show were raised on (the shell calls this on a new path,
 * the toast host when the top dialog changes): those raised more than `graceMs` ago go, so an old "kit added" never
 * reappears inside a later Insufficient Funds.
 */
function leaveScope(graceMs: number = SCOPE_GRACE_MS) {
  const before = Date.now() - graceMs;
  dismissWhere((_kind, raisedAt) => raisedAt < before);
}

/** The dialog on top of the page (its id), or 0 for the page itself. */
export function topDialog(): number {
  const stack = dialogStack.get();
  return stack[stack.length - 1]?.id ?? 0;
}

/**
 * The top dialog `from` (0: the page) gave way to another, or to the page. A dialog that closed hands on the successes it raised
 * (the outcome that closed it: "kit added" to the page, "Funding process started" to Payment Details); every other
 * message goes but those of the last SCOPE_GRACE_MS. So a page's old message never shows inside a dialog opened later.
 */
function leaveDialog(from: number, fromClosed: boolean) {
  const before = Date.now() - SCOPE_GRACE_MS;
  dismissWhere((kind, raisedAt, scope) => raisedAt < before && !(fromClosed && scope === from && kind === 'success'));
}

function dismissWhere(goes: (kind: Kind, raisedAt: number, scope: number) => boolean) {
  dismissShown(state.status === 'ready' ? state.toast : undefined, (_id, kind, raisedAt, scope) => goes(kind, raisedAt, scope));
  const kept = pending.filter((n) => !goes(n.kind, n.raisedAt ?? 0, n.scope ?? 0));
  if (kept.length === pending.length) return;
  pending = kept;
  if (state.status === 'failed') setState({ status: 'failed', pending });
}

/** Drops a message from the fallback region once it has been shown for its time. */
export function expireNotification(key: number): void {
  if (state.status !== 'failed') return;
  pending = pending.filter((n) => n.key !== key);
  setState({ status: 'failed', pending });
}

/**
 * The portal's toasts: react-hot-toast's `success` and `error`, downloaded on first use. Every area calls these
 * rather than importing react-hot-toast, so a first visit downloads no toast code before there is something to say.
 */
export const notify = {
  /** Also dismisses the error messages still showing: a success answers them. */
  success: (message: string, options?: ToastOptions) => enqueue('success', message, options),
  error: (message: string, options?: ToastOptions) => enqueue('error', message, options),
  dismissAll,
  leaveScope,
  leaveDialog,
};
