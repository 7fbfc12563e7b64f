import { useState, type FormEvent } from 'react';
import { unreachableOr, useSession } from 'shared-api';
import { setEmailVerified } from 'shared-api/verification';
import { Button, notify } from 'shared-ui';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { useCodeEntry, VerificationCodeField } from '../../../components/verification-code-field';
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
  const { field, submitted, focus, sending, runSend, confirming, runConfirm, busy } = useCodeEntry();

  const sendCode = () =>
    runSend(async () => {
      try {
        await sendEmailCode();
        setSent(true);
        notify.success(EMAIL_MESSAGES.codeSent);
        focus();
      } catch (err) {
        notify.error(unreachableOr(err, EMAIL_MESSAGES.sendFailed));
      }
    });

  const confirm = (event: FormEvent) => {
    const code = submitted(event);
    if (code === undefined) return;
    void runConfirm(async () => {
      try {
        await confirmEmail(code);
        notify.success(EMAIL_MESSAGES.verified);
        setEmailVerified(true);
        updateStoredUser(undefined, { email_verified: true });
        onVerified?.();
      } catch (err) {
        notify.error(unreachableOr(err, EMAIL_MESSAGES.verifyFailed));
      }
    });
  };

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
      <form onSubmit={confirm} noValidate>
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
          <Button
            variant="secondary"
            onClick={sendCode}
            busy={sending}
            disabled={confirming}
            data-autofocus={sent ? undefined : true}
          >
            {sent ? 'Resend code' : 'Send code'}
          </Button>
          <Button type="submit" busy={confirming} disabled={sending}>
            Verify email
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
