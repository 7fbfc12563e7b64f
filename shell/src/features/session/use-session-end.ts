import { useEffect } from 'react';
import { useNavigate } from 'shared-ui/router';
import { paths, sessionStore, useSession } from 'shared-api';
import { notify } from 'shared-ui';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/** When the API rejects the stored token, tell the customer and take them to /login. */
export function useSessionExpiry(): void {
  const expired = useSession((s) => s.expired);
  const navigate = useNavigate();
  useEffect(() => {
    if (!expired) return;
    notify.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
    sessionStore.getState().acknowledgeExpiry();
    navigate(paths.login, { replace: true });
  }, [expired, navigate]);
}
