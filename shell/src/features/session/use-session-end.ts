import { useEffect, useRef } from 'react';
import { useNavigate } from 'shared-ui/router';
import { paths, sessionStore, useSession } from 'shared-api';
import { notify } from 'shared-ui';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
const SESSION_EXPIRED_ID = 'session-expired';

/**
 * When the session ends, what the customer's pages had to say no longer applies: their messages go (a late "Failed
 * to fetch billing data" would otherwise greet them on /login). When the API rejected the stored token, the customer
 * is told so and taken to /login.
 */
export function useSessionEnd(): void {
  const expired = useSession((s) => s.expired);
  const signedIn = useSession((s) => s.user !== null || s.token !== null);
  const navigate = useNavigate();
  const wasSignedIn = useRef(signedIn);

  useEffect(() => {
    const ended = wasSignedIn.current && !signedIn;
    wasSignedIn.current = signedIn;
    if (ended && !expired) notify.dismissAll();
  }, [signedIn, expired]);

  useEffect(() => {
    if (!expired) return;
    notify.dismissAll({ except: SESSION_EXPIRED_ID });
    notify.error(SESSION_EXPIRED_MESSAGE, { id: SESSION_EXPIRED_ID });
    sessionStore.getState().acknowledgeExpiry();
    navigate(paths.login, { replace: true });
  }, [expired, navigate]);
}

/** `useSessionEnd` as a component, for the chunk `SessionEndWatch` loads. */
export function SessionEnd(): null {
  useSessionEnd();
  return null;
}
