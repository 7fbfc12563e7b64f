import { useState } from 'react';
import { unreachableOr, useSession } from 'shared-api';
import { setEmailVerified } from 'shared-api/verification';
import { Button, notify } from 'shared-ui';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { CodeButtons, useCodeEntry, VerificationCodeField } from '../../../components/verification-code-field';
import { updateStoredUser } from '../../../lib/merge-user';
import { confirmEmail, sendEmailCode } from '../api/email-code';
import { EMAIL_MESSAGES } from '../../../lib/texts';

export type EmailVerificationDialogProps = {
  /** Closed without verifying (Close, Escape, the backdrop or "Not now"). */
  onClose: () => void;
  /** Called after the code was accepted; the dialog has nothing left to do. */
  onVerified?: () => void;
};

/** Spec sections 4 and 8: request a code by email, then enter it. */
export function EmailVerificationDialog({ onClose, onVerified }: EmailVerificationDialogProps) {
  const email = useSession((s) => s.user?.email);
  const [sent, setSent] = useState(false);
  const { field, send, confirm, sending, confirming, busy } = useCodeEntry();

  const sendCode = () =>
    send(
      sendEmailCode,
      (err) => unreachableOr(err, EMAIL_MESSAGES.sendFailed),
      () => {
        setSent(true);
        notify.success(EMAIL_MESSAGES.codeSent);
      },
    );

  const onSubmit = confirm(
    async (code) => {
      await confirmEmail(code);
      notify.success(EMAIL_MESSAGES.verified);
      setEmailVerified(true);
      updateStoredUser(undefined, { email_verified: true });
      onVerified?.();
    },
    (err) => unreachableOr(err, EMAIL_MESSAGES.verifyFailed),
  );

  return (
    <Dialog
      open
      title="Email verification"
      onClose={onClose}
      preventClose={busy}
      description={
        <>
          Your email address {email ? <strong>{email}</strong> : null} is not verified yet. Send a code to your email,
          then enter it here.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <VerificationCodeField
          {...field}
          hint={sent ? 'Check your inbox for the 6-digit code.' : undefined}
          // Focusing the code box before a code was sent raises a phone's keyboard for nothing.
          focusOnOpen={sent}
        />
        <DialogActions>
          <Button variant="link" onClick={onClose} disabled={busy}>
            Not now
          </Button>
          <CodeButtons sent={sent} sending={sending} confirming={confirming} onSend={() => void sendCode()} verifyLabel="Verify email" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
