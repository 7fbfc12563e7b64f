/**
 * The profile area's texts, one catalogue: spec section 8 letter by letter (never reword these), then the area's own.
 * The contact edits' messages stay beside their hook (`features/profile/hooks/use-contact-update.ts`), one table per
 * contact.
 */

/** Spec section 8: the email verification dialog. */
export const EMAIL_MESSAGES = {
  codeSent: 'OTP sent to your email!',
  sendFailed: 'Failed to send OTP.',
  verified: 'Email verified successfully!',
  verifyFailed: 'Failed to verify code. Please try again.',
} as const;

/** Spec section 8: the WhatsApp verification dialog. */
export const WHATSAPP_MESSAGES = {
  sendFailed: 'Failed to send verification code. Please try again.',
  verified: 'WhatsApp number verified successfully!',
  invalidCode: 'Invalid verification code. Please try again.',
  verifyFailed: 'Failed to verify WhatsApp number. Please try again.',
} as const;

// The area's own texts beyond spec section 8.

/** The WhatsApp dialog, once a code was sent. */
export const whatsappCodeSent = 'Verification code sent to your WhatsApp.';

/** /profile: the switches of the money messages (their labels are `portal-rules`' `moneyEventTexts`). */
export const moneyEventSettingsTitle = 'Messages about your money';
export const moneyEventSettingsLead = 'We send these by email and WhatsApp and show them on your home page. Turn off any you do not want.';
export const moneyEventSettingsSaved = 'Your message settings were saved.';
export const moneyEventSettingsFailed = "We couldn't save your message settings. Please try again.";
