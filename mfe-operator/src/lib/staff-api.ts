import { getRuntimeConfig } from 'shared-api';
import { staffSession } from './staff-session';

/** A staff call that did not succeed: the server's `message` when it sent one, else `fallback`'s. */
export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's JSON, for a screen that reads more than the sentence (the price's `earliest_from`). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

const SESSION_ENDED = [401];

/**
 * The staff area's own client: plain fetch with the staff token, never shared-api's `http`, whose customer session
 * (and its 401 handling, which signs a customer out) must not meet a staff call. A 401 means the staff session ended:
 * it is forgotten, and the area's frame sends its member to sign in again. A 404 on a call that needs a session means
 * the token is no staff session at all: the same.
 */
export async function staffFetch<T>(path: string, init: { method?: string; body?: unknown; signedIn?: boolean } = {}): Promise<T> {
  const session = staffSession.get();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const signedIn = init.signedIn ?? true;
  if (signedIn && session) headers.Authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    response = await fetch(`${getRuntimeConfig().apiBaseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new StaffApiError(0, "We can't reach the portal's service right now. Please try again in a moment.");
  }
  const type = response.headers.get('content-type') ?? '';
  const data: unknown = type.includes('application/json') ? await response.json().catch(() => null) : await response.text();
  if (response.ok) return data as T;
  if (signedIn && (SESSION_ENDED.includes(response.status) || (response.status === 404 && /^No route for /.test(messageOf(data))))) {
    staffSession.clear();
  }
  throw new StaffApiError(response.status, messageOf(data), data);
}

const messageOf = (data: unknown): string =>
  typeof (data as { message?: unknown } | null)?.message === 'string' ? (data as { message: string }).message : '';

/** The message to show for a failed call: the server's, else the screen's own. */
export const errorText = (error: unknown, fallback: string): string =>
  error instanceof StaffApiError && error.message ? error.message : fallback;

/** SWR's fetcher for the area's reads: the key is [path, token], so each session reads its own. */
export const staffReader = <T>(key: readonly unknown[]): Promise<T> => staffFetch<T>(String(key[0]));
