import type { RemoteName } from 'shared-api';

/**
 * Why an area could not be shown, as the customer is told: `offline`, the network failed (the only case that asks
 * them to check their connection); `outdated`, the area was redeployed and this page cannot follow it without a
 * reload; `failed`, anything else (the area's code threw, a server error).
 */
export type AreaFailure = 'offline' | 'outdated' | 'failed';

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
