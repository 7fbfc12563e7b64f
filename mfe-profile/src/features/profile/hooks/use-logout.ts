import { paths, sessionStore } from 'shared-api';
import { useNavigate } from 'shared-ui/router';
import { logout } from '../api/logout';

/**
 * Spec section 2: logout clears all local storage and goes to /login. The server is also asked to end the session
 * (an addition to spec section 7) in the background, so the customer never waits for it and no answer (404 from a
 * server without the route, 401, a timeout, no network) changes what happens here.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    const { token } = sessionStore.getState();
    // The token is read before the session is cleared; the request carries it explicitly.
    if (token) logout(token).catch(() => undefined);
    sessionStore.getState().logout();
    navigate(paths.login, { replace: true });
  };
}
