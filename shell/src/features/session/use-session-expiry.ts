import { useEffect } from 'react';
import { useNavigate } from 'shared-ui/router';
import toast from 'react-hot-toast';
import { paths, sessionStore, useSession } from 'shared-api';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/** When the API rejects the stored token, tell the customer and take them to /login. */
export function useSessionExpiry(): void {
  const expired = useSession((s) => s.expired);
  const navigate = useNavigate();
  useEffect(() => {
    if (!expired) return;
    toast.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
    sessionStore.getState().acknowledgeExpiry();
    navigate(paths.login, { replace: true });
  }, [expired, navigate]);
}
