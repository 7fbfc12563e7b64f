import { useEffect } from 'react';
import { useSession, dismissEmailVerification, ensureEmailStatus, useEmailStatus } from 'shared-api';
import { EmailVerificationDialog } from './email-verification-dialog';

/**
 * Mounted by the shell on every protected screen: opens the email verification dialog when the server
 * says the email is not verified. Renders nothing otherwise, and nothing if the check fails.
 */
export function EmailVerificationGate() {
  const token = useSession((s) => s.token);
  const rawUserId = useSession((s) => s.user?.id);
  const userId = rawUserId === undefined || rawUserId === null ? null : String(rawUserId);
  const forToken = useEmailStatus((s) => s.token);
  const status = useEmailStatus((s) => s.status);
  const dismissed = useEmailStatus((s) => s.dismissed);

  useEffect(() => {
    void ensureEmailStatus(token, userId);
  }, [token, userId]);

  if (!token || forToken !== token || status !== 'unverified' || dismissed) return null;
  return <EmailVerificationDialog onClose={() => dismissEmailVerification(userId)} />;
}
