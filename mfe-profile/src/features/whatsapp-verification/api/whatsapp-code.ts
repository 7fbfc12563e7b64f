import type { User } from 'shared-api';
import { requestCode, submitCode } from '../../../lib/code-requests';

export interface ConfirmWhatsappResponse {
  success: boolean;
  message?: string;
  user?: User;
}

/** Spec section 7: sends a new code to the customer's WhatsApp number. */
export const sendWhatsappCode = () => requestCode('/api/v1/whatsapp_confirmations');

/** Spec section 7: confirms the WhatsApp number with the code it received. */
export const confirmWhatsapp = (code: string) =>
  submitCode<ConfirmWhatsappResponse>('/api/v1/whatsapp_confirmations/confirm_user_whatsapp', code);
