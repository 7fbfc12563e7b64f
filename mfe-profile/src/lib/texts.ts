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

/** /undo-contact-change, the page of a contact-change notice's undo link (the API's own sentences shown as sent). */
export const undoTexts = {
  fieldName: { email: 'email address', phone_number: 'phone number', whatsapp_number: 'WhatsApp number' },
  pageTitle: 'Undo a contact change',
  title: (fieldName: string) => `Put your old ${fieldName} back?`,
  loading: 'Reading your link…',
  expires: (date: string) => `This link works until ${date}.`,
  button: (oldValue: string) => `Put ${oldValue} back`,
  doneTitle: 'Done',
  refusedTitle: 'This link cannot be used',
  refused: 'This link is invalid, has expired or was already used.',
  noToken: 'This link is incomplete. Open the link in your message again, or copy all of it into the address bar.',
  tryAgain: 'Try again',
  logIn: 'Log in',
} as const;
