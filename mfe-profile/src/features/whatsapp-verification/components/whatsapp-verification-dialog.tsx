import { useState } from 'react';
import { isApiError, unreachableOr, useSession } from 'shared-api';
import { HintText, notify } from 'shared-ui';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { formatPhoneNumber } from 'shared-ui/phone';
import { CodeButtons, useCodeEntry, VerificationCodeField } from '../../../components/verification-code-field';
import { updateStoredUser } from '../../../lib/merge-user';
import { WHATSAPP_MESSAGES, whatsappCodeSent } from '../../../lib/texts';
import { confirmWhatsapp, sendWhatsappCode } from '../api/whatsapp-code';

export type WhatsappVerificationDialogProps = {
  onClose: () => void;
};

/**
 * The server answered and turned the code down. A 2xx with `success: false` is the spec's case; a 422
 * is how the reference API (and Rails-style servers) reject a code, with `success: false` in its body.
 */
function isRejectedCode(error: unknown): boolean {
  return isApiError(error) && error.status === 422;
}

/** Spec: the Phone/WhatsApp verification dialog. Nothing opens it automatically; the profile offers it. */
export function WhatsappVerificationDialog({ onClose }: WhatsappVerificationDialogProps) {
  const whatsappNumber = useSession((s) => s.user?.whatsapp_number);
  const [sentStatus, setSentStatus] = useState('');
  const { field, send, confirm, sending, confirming, busy } = useCodeEntry();

  const sendCode = () =>
    send(
      () => {
        setSentStatus('');
        return sendWhatsappCode();
      },
      (err) => unreachableOr(err, WHATSAPP_MESSAGES.sendFailed),
      () => setSentStatus(whatsappCodeSent),
    );

  const onSubmit = confirm(
    async (code) => {
      const response = await confirmWhatsapp(code);
      if (response?.success !== true && String(response?.success) !== 'true') {
        notify.error(WHATSAPP_MESSAGES.invalidCode);
        return;
      }
      notify.success(WHATSAPP_MESSAGES.verified);
      const serverUser =
        typeof response.user === 'object' && response.user
          ? { ...response.user, whatsapp_verified: true }
          : undefined;
      updateStoredUser(serverUser, { whatsapp_verified: true });
      onClose();
    },
    (err) => (isRejectedCode(err) ? WHATSAPP_MESSAGES.invalidCode : unreachableOr(err, WHATSAPP_MESSAGES.verifyFailed)),
  );

  return (
    <Dialog
      open
      title="Phone/WhatsApp verification"
      onClose={onClose}
      preventClose={busy}
      description={
        <>
          Send a code to your WhatsApp number {whatsappNumber ? <strong>{formatPhoneNumber(whatsappNumber)}</strong> : null}, then enter it
          here.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <VerificationCodeField
          {...field}
          // Focusing the code box before a code was sent raises a phone's keyboard over "Send code".
          focusOnOpen={sentStatus !== ''}
        />
        <HintText role="status">{sentStatus}</HintText>
        <DialogActions>
          <CodeButtons sent={sentStatus !== ''} sending={sending} confirming={confirming} onSend={() => void sendCode()} verifyLabel="Verify WhatsApp number" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
