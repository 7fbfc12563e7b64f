import { useRef, useState, type FormEvent } from 'react';
import { unreachableOr, useSession } from 'shared-api';
import { setEmailVerified } from 'shared-api/verification';
import { Button, notify } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { codeError, VerificationCodeField } from '../../../components/verification-code-field';
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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [sending, runSend] = useSingleFlight();
  const [confirming, runConfirm] = useSingleFlight();
  const codeRef = useRef<HTMLInputElement>(null);

  const sendCode = () =>
    runSend(async () => {
      try {
        await sendEmailCode();
        setSent(true);
        notify.success(EMAIL_MESSAGES.codeSent);
        codeRef.current?.focus();
      } catch (err) {
        notify.error(unreachableOr(err, EMAIL_MESSAGES.sendFailed));
      }
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const invalid = codeError(code);
    setError(invalid);
    if (invalid) {
      codeRef.current?.focus();
      return;
    }
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
      preventClose={sending || confirming}
      description={
        <>
          Your email address {email ? <strong>{email}</strong> : null} is not verified yet. Send a code to your email,
          then enter it here.
        </>
      }
    >
      <form onSubmit={confirm} noValidate>
        <VerificationCodeField
          ref={codeRef}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (error) setError(undefined);
          }}
          error={error}
          hint={sent ? 'Check your inbox for the 6-digit code.' : undefined}
          // Focusing the code box before a code was sent raises a phone's keyboard for nothing.
          focusOnOpen={sent}
        />
        <DialogActions>
          <Button variant="link" onClick={onClose} disabled={sending || confirming}>
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
