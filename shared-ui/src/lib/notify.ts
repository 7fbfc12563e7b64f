import type { ToastOptions } from 'react-hot-toast';

type ToastModule = typeof import('react-hot-toast');
type Kind = 'success' | 'error';

/** A message the customer is shown: what `notify` queues while the toast library loads, or when it cannot. */
export interface Notification {
  key: number;
  kind: Kind;
  message: string;
  options?: ToastOptions;
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
let loading: Promise<ToastModule> | undefined;
let pending: Notification[] = [];
let nextKey = 0;
const listeners = new Set<() => void>();

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

function show(toast: ToastModule, { kind, message, options }: Notification) {
  toast.default[kind](message, options);
}

/**
 * Downloads the toast library (react-hot-toast and its styling, shared by every area) once. A failed download is
 * tried again by the next message; the messages it was carrying stay on screen in the fallback region.
 */
export function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    loading = import('react-hot-toast').then(
      (toast) => {
        const queued = pending;
        pending = [];
        queued.forEach((n) => show(toast, n));
        setState({ status: 'ready', toast });
        return toast;
      },
      (error: unknown) => {
        loading = undefined;
        setState({ status: 'failed', pending });
        throw error;
      },
    );
  }
  return loading;
}

/** Starts the download without waiting for it, where a message is near (the customer's first touch of the page). */
export function warmToasts(): void {
  loadToasts().catch(() => undefined);
}

function enqueue(kind: Kind, message: string, options?: ToastOptions) {
  if (state.status === 'ready') {
    show(state.toast, { key: nextKey++, kind, message, options });
    return;
  }
  pending = [...pending, { key: nextKey++, kind, message, options }];
  // A message with an id replaces its earlier copy, as the library would.
  if (options?.id) pending = pending.filter((n, i) => n.options?.id !== options.id || i === pending.length - 1);
  if (state.status === 'failed') setState({ status: 'failed', pending });
  warmToasts();
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
  success: (message: string, options?: ToastOptions) => enqueue('success', message, options),
  error: (message: string, options?: ToastOptions) => enqueue('error', message, options),
};
