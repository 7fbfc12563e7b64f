import { useCallback, useState } from 'react';
import { useNavigate } from 'shared-ui/router';
import { isApiError, paths, serverErrorOr } from 'shared-api';
import { notify } from 'shared-ui';
import { messages, timing } from '../../../lib/texts';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { useSubmitLock } from '../../../lib/use-submit-lock';
import { resetPassword } from '../api/reset-password';

/** Set the new password; on success the button stays busy until /login 3 s later. */
export function useResetPassword() {
  const { busy, lock, unlock } = useSubmitLock();
  const schedule = useDelayedAction();
  const navigate = useNavigate();
  // The API answered and turned the link down (used, expired, unknown): only a new link can help.
  const [linkRefused, setLinkRefused] = useState(false);

  const submit = useCallback(
    async (token: string, password: string) => {
      if (!lock()) return;
      try {
        await resetPassword(token, password);
        notify.success(messages.passwordReset, { duration: timing.resetToastMs });
        schedule(timing.resetRedirectMs, () => navigate(paths.login));
      } catch (error) {
        notify.error(serverErrorOr(error, messages.passwordResetFailed), { duration: timing.resetToastMs });
        if (isApiError(error) && !error.unreachable && (error.status ?? 0) >= 400 && (error.status ?? 0) < 500) {
          setLinkRefused(true);
        }
        unlock();
      }
    },
    [lock, navigate, schedule, unlock],
  );

  return { busy, submit, linkRefused };
}
