import type { Route } from '@playwright/test';

/**
 * Holds matching requests until `release()`: the test sees a loading or busy state for as long as it needs,
 * however slow the machine, and every click it sent landed while the first request was still open.
 */
export function held() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await gate;
    await route.continue().catch(() => undefined);
  };
  return { handler, release };
}
