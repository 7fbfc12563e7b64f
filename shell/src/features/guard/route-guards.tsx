import type { ReactNode } from 'react';
import { Navigate } from 'shared-ui/router';
import { paths, useSession } from 'shared-api';
import { guestGoesHome, mayEnterCustomerPage } from './access-rules';

/** Spec section 2: a customer's page needs stored user data, else /login. */
export function RequireUser({ children }: { children: ReactNode }) {
  const allowed = useSession(mayEnterCustomerPage);
  return allowed ? <>{children}</> : <Navigate to={paths.login} replace />;
}

/** /login and /signup go to /home when a session is stored. */
export function RedirectIfToken({ children }: { children: ReactNode }) {
  const goesHome = useSession(guestGoesHome);
  return goesHome ? <Navigate to={paths.home} replace /> : <>{children}</>;
}
