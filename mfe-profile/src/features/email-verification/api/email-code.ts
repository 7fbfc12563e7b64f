import { requestCode, submitCode } from '../../../lib/code-requests';

/** Spec section 7: sends a new code to the customer's email. */
export const sendEmailCode = () => requestCode('/api/v1/email_confirmations');

/** Spec section 7: confirms the email with the code it received. */
export const confirmEmail = (code: string) => submitCode<unknown>('/api/v1/email_confirmations/confirm_user_email', code);
