import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'shared-ui/router';
import { paths, sessionStore, useSession } from 'shared-api';
import { guestGoesHome, mayEnterCustomerPage, sessionIsBroken } from './access-rules';

/**
 * Spec section 2: a customer's page needs stored user data, else /login. User data without a token ends the
 * session (storage cleared, the customer told), rather than leaving them on screens whose every call fails.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const allowed = useSession(mayEnterCustomerPage);
  const broken = useSession(sessionIsBroken);
  useEffect(() => {
    if (broken) sessionStore.getState().expire();
  }, [broken]);
  return allowed ? <>{children}</> : <Navigate to={paths.login} replace />;
}

/** /login and /signup go to /home when a session is stored. */
export function RedirectIfToken({ children }: { children: ReactNode }) {
  const goesHome = useSession(guestGoesHome);
  return goesHome ? <Navigate to={paths.home} replace /> : <>{children}</>;
}
