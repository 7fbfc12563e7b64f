import { useCallback } from 'react';
import { useNavigate } from 'shared-ui/router';
import { paths, sessionStore, type User } from 'shared-api';
import { useDelayedAction } from './use-delayed-action';

/**
 * Stores the session after the spec's delay, then goes to /home. Storing it earlier would let the
 * shell's guard (/login and /signup redirect when a token exists) cut the success message short.
 * If the page is left during the delay the session is still stored: the customer did sign in.
 */
export function useDelayedSignIn(delayMs: number) {
  const navigate = useNavigate();
  const schedule = useDelayedAction();

  return useCallback(
    (token: string, user: User) => {
      const signIn = () => sessionStore.getState().signIn(token, user);
      schedule(
        delayMs,
        () => {
          signIn();
          navigate(paths.home);
        },
        signIn,
      );
    },
    [delayMs, navigate, schedule],
  );
}
