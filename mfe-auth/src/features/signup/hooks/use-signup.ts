import { useCallback } from 'react';
import { useNavigate } from 'shared-ui/router';
import { paths, serverMessageOr } from 'shared-api';
import { notify } from 'shared-ui';
import { messages, timing } from '../../../lib/texts';
import { useDelayedSignIn } from '../../../lib/use-delayed-sign-in';
import { useSubmitLock } from '../../../lib/use-submit-lock';
import { login, type AuthResponse } from '../../login/api/login';
import { signup, type SignupRequest } from '../api/signup';

/**
 * Sign up, then hold a session: the spec does not promise a token in the signup response, so when it
 * has none the portal logs in with the same email and password.
 */
export function useSignup() {
  const { busy, lock, unlock } = useSubmitLock();
  const completeSignIn = useDelayedSignIn(timing.signupRedirectMs);
  const navigate = useNavigate();

  const submit = useCallback(
    async (body: SignupRequest) => {
      if (!lock()) return;
      let session: Pick<AuthResponse, 'token' | 'user'>;
      try {
        const response = await signup(body);
        if (response.token && response.user) {
          session = { token: response.token, user: response.user };
        } else {
          try {
            session = await login({ email: body.email, password: body.password });
            if (!session.token || !session.user) throw new Error('Login response without token or user');
          } catch (error) {
            // The account exists now; sending the form again would only say the email is taken.
            notify.error(serverMessageOr(error, messages.loginFailed));
            navigate(paths.login);
            return;
          }
        }
      } catch (error) {
        notify.error(serverMessageOr(error, messages.signupFailed));
        unlock();
        return;
      }
      notify.success(messages.signupSuccess);
      completeSignIn(session.token, session.user);
    },
    [completeSignIn, lock, navigate, unlock],
  );

  return { busy, submit };
}
