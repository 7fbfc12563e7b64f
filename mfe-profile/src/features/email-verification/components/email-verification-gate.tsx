import { dismissEmailVerification, useEmailVerificationNeeded } from 'shared-api/verification';
import { EmailVerificationDialog } from './email-verification-dialog';

/**
 * Mounted by the shell on every protected screen: opens the email verification dialog when the server
 * says the email is not verified. Renders nothing otherwise, and nothing if the check fails.
 */
export function EmailVerificationGate() {
  const needed = useEmailVerificationNeeded();
  if (!needed) return null;
  return <EmailVerificationDialog onClose={() => dismissEmailVerification()} />;
}
