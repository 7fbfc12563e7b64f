import { useEffect, useState } from 'react';
import { useLocation } from 'shared-ui/router';
import { whenScreenAreaRendered } from '../features/remotes/area-ready';
import { deferred } from '../lib/deferred';

const EmailVerificationCheck = deferred(
  () => import(/* webpackChunkName: "email-check" */ './email-verification-check'),
);

/** Upper bound of the wait, so the gate still comes when the area itself failed to load. */
export const GATE_MAX_DELAY_MS = 4000;

/** True once the screen's own area has rendered and the browser is idle (or after GATE_MAX_DELAY_MS). */
function useAfterArea(): boolean {
  const [armed, setArmed] = useState(false);
  // The screen it was mounted on: after a log-in, the login page's area has rendered, /home's not yet.
  const { key } = useLocation();
  useEffect(() => {
    let idle: number | undefined;
    const arm = () => setArmed(true);
    const cap = window.setTimeout(arm, GATE_MAX_DELAY_MS);
    const unsubscribe = whenScreenAreaRendered(key, () => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(arm, { timeout: 1000 });
      else arm();
    });
    return () => {
      unsubscribe();
      window.clearTimeout(cap);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return armed;
}

/**
 * The profile area's email-verification dialog, mounted on protected screens. It is an extra: if the
 * profile remote is down, the screen under it must still work, so failures render nothing. It loads after the
 * screen's own area, never before it, and only for a customer whose email the server says is unverified: the
 * status check is shared-api's (`EmailVerificationCheck`), so verified customers (most of them) never download the
 * profile area here.
 */
export function EmailVerificationGate() {
  return <EmailVerificationCheck when={useAfterArea()} />;
}
