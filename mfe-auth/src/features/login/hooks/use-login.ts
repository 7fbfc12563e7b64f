import { useCallback } from 'react';
import { serverMessageOr } from 'shared-api';
import { notify } from 'shared-ui';
import { messages, timing } from '../../../lib/texts';
import { useDelayedSignIn } from '../../../lib/use-delayed-sign-in';
import { useSubmitLock } from '../../../lib/use-submit-lock';
import { login, type LoginRequest } from '../api/login';

/** Log in; on success the button stays busy through the 2 s before /home, so nothing is sent twice. */
export function useLogin() {
  const { busy, lock, unlock } = useSubmitLock();
  const completeSignIn = useDelayedSignIn(timing.loginRedirectMs);

  const submit = useCallback(
    async (body: LoginRequest) => {
      if (!lock()) return;
      try {
        const { token, user } = await login(body);
        if (!token || !user) throw new Error('Login response without token or user');
        notify.success(messages.loginSuccess);
        completeSignIn(token, user);
      } catch (error) {
        notify.error(serverMessageOr(error, messages.loginFailed));
        unlock();
      }
    },
    [completeSignIn, lock, unlock],
  );

  return { busy, submit };
}
