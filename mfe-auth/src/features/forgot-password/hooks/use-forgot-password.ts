import { useCallback } from 'react';
import { useNavigate } from 'shared-ui/router';
import { paths, serverErrorOr } from 'shared-api';
import { notify } from 'shared-ui';
import { messages, timing } from '../../../lib/texts';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { useSubmitLock } from '../../../lib/use-submit-lock';
import { requestPasswordReset } from '../api/request-password-reset';

/** Request a reset link; on success the button stays busy until /login 3 s later. */
export function useForgotPassword() {
  const { busy, lock, unlock } = useSubmitLock();
  const schedule = useDelayedAction();
  const navigate = useNavigate();

  const submit = useCallback(
    async (email: string) => {
      if (!lock()) return;
      try {
        await requestPasswordReset(email);
        notify.success(messages.resetLinkSent, { duration: timing.resetToastMs });
        schedule(timing.resetRedirectMs, () => navigate(paths.login));
      } catch (error) {
        notify.error(serverErrorOr(error, messages.resetLinkFailed), { duration: timing.resetToastMs });
        unlock();
      }
    },
    [lock, navigate, schedule, unlock],
  );

  return { busy, submit };
}
