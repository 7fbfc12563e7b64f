import { parseAmount } from '../endpoints/amount';
import { offlineCheckConnection, serviceFailed, serviceUnreachable } from '../texts';

/** A gateway or proxy in front of the API answering for it: the API itself was not reached. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** The one error type every failed call rejects with, carrying what the server said. */
export class ApiError extends Error {
  readonly status: number | undefined;
  /** The server's `message` field, when it sent one. */
  readonly serverMessage: string | undefined;
  /** The server's `error` field, when it sent one. */
  readonly serverError: string | undefined;
  /** The server's `amount_due`, when it sent one (insufficient funds). */
  readonly amountDue: number | undefined;
  readonly kind: 'http' | 'network' | 'timeout' | 'canceled';

  constructor(options: {
    status?: number;
    serverMessage?: string;
    serverError?: string;
    amountDue?: number;
    kind: ApiError['kind'];
  }) {
    super(options.serverMessage ?? options.serverError ?? `Request failed (${options.status ?? options.kind})`);
    this.name = 'ApiError';
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.serverError = options.serverError;
    this.amountDue = options.amountDue;
    this.kind = options.kind;
  }

  /**
   * Whether the service could not be reached: no answer came (network, timeout) or a gateway answered for the API
   * (502, 503, 504). Screens then say so instead of their refusal text, which would blame the customer (a "wrong
   * password" for an API that is down).
   */
  get unreachable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || GATEWAY_STATUSES.has(this.status ?? 0);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Whether a failed call may still have done its work on the server: no answer came (timeout, dropped connection)
 * or the server broke while answering (5xx). A screen that moves money then reads the state again, rather than
 * showing a stale one that invites a second charge.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.kind === 'timeout' || error.kind === 'network' || (error.status ?? 0) >= 500;
}

const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A screen's failure text: `fallback` (the spec's message for a refusal) unless the service could not be reached,
 * when it is what the gateway said (portal-server's same-origin proxy sends a `message` when the API is down) or the
 * catalogue's `serviceUnreachable` (`offlineCheckConnection` when the browser is offline).
 */
export function unreachableOr(error: unknown, fallback: string): string {
  if (!isApiError(error) || !error.unreachable) return fallback;
  if (browserOffline()) return offlineCheckConnection;
  return error.serverMessage ?? error.serverError ?? serviceUnreachable;
}

/**
 * Why a read failed, as the sentence a screen puts after what it could not load: the connection only when the browser
 * says it is offline, otherwise which part failed (the service not reached, or its own failure). `online` is the
 * screen's `useOnline()`, so the sentence follows the network.
 */
export function whyNotLoaded(error: unknown, online = !browserOffline()): string {
  if (!online) return offlineCheckConnection;
  return isApiError(error) && error.unreachable ? serviceUnreachable : serviceFailed;
}

/** Spec section 8: "The server's message field is used when present." */
export function serverMessageOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : unreachableOr(error, fallback);
}

/** Forgot/reset password show the server's `error` field instead (spec section 8). */
export function serverErrorOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverError ? error.serverError : unreachableOr(error, fallback);
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  // Rails-style servers send arrays of messages.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string') && value.length > 0) return value.join(', ');
  return undefined;
}

export function apiErrorFromResponse(status: number, data: unknown): ApiError {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return new ApiError({
    status,
    kind: 'http',
    serverMessage: asText(body.message),
    serverError: asText(body.error) ?? asText(body.errors),
    amountDue: parseAmount(body.amount_due),
  });
}
