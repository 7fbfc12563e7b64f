import type { ReactNode } from 'react';
import { Navigate } from 'shared-ui/router';
import { paths, useSession } from 'shared-api';

/** Spec section 2: route protection is only a check that user data exists locally. */
export function RequireUser({ children }: { children: ReactNode }) {
  const hasUser = useSession((s) => s.user !== null);
  return hasUser ? <>{children}</> : <Navigate to={paths.login} replace />;
}

/** /login and /signup go to /home when a token is already stored. */
export function RedirectIfToken({ children }: { children: ReactNode }) {
  const hasToken = useSession((s) => s.token !== null);
  return hasToken ? <Navigate to={paths.home} replace /> : <>{children}</>;
}
