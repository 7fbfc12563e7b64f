import type { RemoteName } from 'shared-api';

/**
 * Why an area could not be shown, as the customer is told:
 * - `offline`: a file did not come and the browser says it has no network (the only case that asks the customer to
 *   check their connection);
 * - `unreachable`: the area's server did not answer while the browser is online;
 * - `portal-unreachable`: the portal's own server did not answer either (the shell's code that tells failures apart);
 * - `incomplete`: the live release of the area lacks a file it names (a reload would load the same release);
 * - `outdated`: the area was redeployed and this page cannot follow it without a reload;
 * - `failed`: anything else (the area's code threw, a server error).
 */
export type AreaFailure = 'offline' | 'unreachable' | 'portal-unreachable' | 'incomplete' | 'outdated' | 'failed';

export class AreaLoadError extends Error {
  constructor(
    readonly failure: AreaFailure,
    readonly remote: RemoteName,
    options?: { cause?: unknown },
  ) {
    super(`${remote} could not be loaded (${failure})`, options);
    this.name = 'AreaLoadError';
  }
}

export function areaFailureOf(error: unknown): AreaFailure {
  return error instanceof AreaLoadError ? error.failure : 'failed';
}

/** A file that did not come at all: the connection when the browser says it is offline, else that server. */
export const noAnswer = (server: 'unreachable' | 'portal-unreachable'): AreaFailure =>
  typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : server;
